import * as grpc from '@grpc/grpc-js';
import { loadSync } from '@grpc/proto-loader';
import { HEALTH, LOADER_OPTIONS, type ServiceName, fullServiceName, protoPathsFor } from '@lib/contracts';

/**
 * A handler returns the response, or throws { code, details } to answer with a gRPC error. The
 * server passes the call itself too (deadline, metadata, cancellation), for tests about how the
 * client calls; a handler that only wraps another may call it with the request alone.
 */
export type FakeHandler = (request: unknown, call?: grpc.ServerUnaryCall<unknown, unknown>) => unknown;

export interface FakeGrpcServer {
  target: string;
  /** Calls received per RPC name (PascalCase, as in the proto). */
  calls: Map<string, number>;
  stop(): Promise<void>;
}

export class FakeGrpcError extends Error {
  constructor(
    readonly code: grpc.status,
    readonly details: string,
    /** Trailers, e.g. richStatusMetadata() with field violations. */
    readonly metadata?: grpc.Metadata,
  ) {
    super(details);
  }
}

function lookup(root: grpc.GrpcObject, qualifiedName: string): grpc.ServiceClientConstructor {
  let node: unknown = root;
  for (const part of qualifiedName.split('.')) node = (node as Record<string, unknown>)[part];
  return node as grpc.ServiceClientConstructor;
}

/**
 * A real gRPC server on a random loopback port, built from the real proto files, answering the
 * given RPCs (others: UNIMPLEMENTED) and grpc.health.v1 Check with SERVING.
 */
export async function startFakeService(
  name: ServiceName,
  handlers: Record<string, FakeHandler>,
): Promise<FakeGrpcServer> {
  const root = grpc.loadPackageDefinition(loadSync(protoPathsFor(name), LOADER_OPTIONS));
  const service = lookup(root, fullServiceName(name)).service;
  const health = lookup(root, `${HEALTH.package}.${HEALTH.service}`).service;
  const calls = new Map<string, number>();

  const implementation: grpc.UntypedServiceImplementation = {};
  for (const rpc of Object.keys(service)) {
    implementation[rpc] = (
      call: grpc.ServerUnaryCall<unknown, unknown>,
      callback: grpc.sendUnaryData<unknown>,
    ) => {
      calls.set(rpc, (calls.get(rpc) ?? 0) + 1);
      const handler = handlers[rpc];
      if (!handler) {
        callback({ code: grpc.status.UNIMPLEMENTED, details: `${rpc} is not faked` });
        return;
      }
      Promise.resolve()
        .then(() => handler(call.request, call))
        .then(
          (response) => callback(null, response),
          (error: unknown) =>
            callback(
              error instanceof FakeGrpcError
                ? {
                    code: error.code,
                    details: error.details,
                    ...(error.metadata ? { metadata: error.metadata } : {}),
                  }
                : { code: grpc.status.INTERNAL, details: String(error) },
            ),
        );
    };
  }

  const server = new grpc.Server();
  server.addService(service, implementation);
  server.addService(health, {
    Check: (_call: unknown, callback: grpc.sendUnaryData<unknown>) => callback(null, { status: 1 }),
    Watch: (call: grpc.ServerWritableStream<unknown, unknown>) => call.end(),
  });
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (error, bound) =>
      error ? reject(error) : resolve(bound),
    ),
  );
  return {
    target: `127.0.0.1:${port}`,
    calls,
    stop: () =>
      new Promise<void>((resolve) => {
        server.tryShutdown(() => resolve());
        // Open client channels would otherwise hold tryShutdown until they time out.
        setTimeout(() => server.forceShutdown(), 200).unref();
      }),
  };
}
