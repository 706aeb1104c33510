import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import { LOADER_OPTIONS, protoPathsFor, type leadsV1 } from '@lib/contracts';

/**
 * Sends SubmitContactMessage with a caller deadline that is already over when the server reads it
 * (grpc-timeout 0): what a call looks like that waited out its deadline in a stalled process.
 * Our own client never sends such a call, hence a raw grpc-js client without a deadline of its own.
 */
export function submitAfterDeadline(
  target: string,
  request: leadsV1.ContactMessage,
): Promise<grpc.ServiceError | null> {
  const Leads = grpc.loadPackageDefinition(
    protoLoader.loadSync(protoPathsFor('leads'), LOADER_OPTIONS),
  ) as unknown as {
    leads: { v1: { LeadsService: grpc.ServiceClientConstructor } };
  };
  const client = new Leads.leads.v1.LeadsService(target, grpc.credentials.createInsecure());
  const submit = (client as unknown as Record<string, (...args: unknown[]) => grpc.ClientUnaryCall>)[
    'SubmitContactMessage'
  ]!;
  const metadata = new grpc.Metadata();
  metadata.set('grpc-timeout', '0m');
  return new Promise((resolve) => {
    submit.call(client, request, metadata, {}, (error: grpc.ServiceError | null) => {
      client.close();
      resolve(error);
    });
  });
}
