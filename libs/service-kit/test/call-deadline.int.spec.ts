import 'reflect-metadata';
import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import { Controller, type INestMicroservice, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { GrpcMethod, type MicroserviceOptions, Transport } from '@nestjs/microservices';
import {
  createServiceClient,
  LOADER_OPTIONS,
  protoPathsFor,
  type ratesV1,
  SERVICES,
  type ServiceClient,
} from '@lib/contracts';
import { createLogger } from '@lib/observability';
import { freePort } from '@lib/test-support';
import { Histogram, Registry } from 'prom-client';
import { CallDeadline } from '../src/call-deadline';
import { GrpcCallInterceptor } from '../src/grpc-call.interceptor';
import { GrpcExceptionFilter } from '../src/grpc-exception.filter';

// A real NestJS gRPC server with the interceptor and filter runService installs, and a handler that
// "writes" the way a use case does: work first, then asks the call's deadline, then commits.

const TABLE: ratesV1.RateTable = {
  table: 1,
  no: '1/A/NBP/2026',
  effectiveDate: '2026-01-02',
  tradingDate: '',
  rates: [],
  embedded: false,
};

/** What the handler did, and a gate the test opens to let a started call go on. */
const world = {
  started: [] as number[],
  committed: [] as number[],
  finished: [] as { table: number; outcome: string }[],
  gate: Promise.resolve(),
  onStarted: (): void => undefined,
  onFinished: (): void => undefined,
};

@Controller()
class WritingController {
  @GrpcMethod('RatesService', 'GetLatestTable')
  async getLatestTable(
    request: ratesV1.GetLatestTableRequest,
    _metadata: grpc.Metadata,
    call: unknown,
  ): Promise<ratesV1.RateTable> {
    world.started.push(request.table);
    world.onStarted();
    try {
      await world.gate;
      CallDeadline.of(call).assertTimeLeft();
      world.committed.push(request.table);
      world.finished.push({ table: request.table, outcome: 'committed' });
      return TABLE;
    } catch (error) {
      world.finished.push({ table: request.table, outcome: (error as Error).message });
      throw error;
    } finally {
      world.onFinished();
    }
  }
}

@Module({ controllers: [WritingController] })
class WritingModule {}

describe('call deadlines on a real gRPC server', () => {
  let app: INestMicroservice;
  let target: string;
  let client: ServiceClient<'rates'>;
  let raw: grpc.Client &
    Record<string, grpc.requestCallback<unknown> & ((...args: unknown[]) => grpc.ClientUnaryCall)>;
  const registry = new Registry();

  beforeAll(async () => {
    const logger = createLogger({ name: 'deadline-test', level: 'silent' });
    target = `127.0.0.1:${await freePort()}`;
    app = await NestFactory.createMicroservice<MicroserviceOptions>(WritingModule, {
      transport: Transport.GRPC,
      logger: false,
      options: {
        package: SERVICES.rates.package,
        protoPath: protoPathsFor('rates'),
        url: target,
        loader: LOADER_OPTIONS,
      },
    });
    const histogram = new Histogram({
      name: 'calls',
      help: 'calls',
      labelNames: ['method', 'code'] as const,
      registers: [registry],
    });
    app.useGlobalFilters(new GrpcExceptionFilter(logger, 'rates.v1'));
    app.useGlobalInterceptors(new GrpcCallInterceptor(histogram, () => true, new Set(), 'rates.v1', logger));
    await app.listen();
    client = createServiceClient('rates', { target });
    const Rates = grpc.loadPackageDefinition(
      protoLoader.loadSync(protoPathsFor('rates'), LOADER_OPTIONS),
    ) as unknown as {
      rates: { v1: { RatesService: grpc.ServiceClientConstructor } };
    };
    raw = new Rates.rates.v1.RatesService(target, grpc.credentials.createInsecure()) as typeof raw;
  });

  afterAll(async () => {
    client.close();
    raw.close();
    await app.close();
  });

  beforeEach(() => {
    world.started = [];
    world.committed = [];
    world.finished = [];
    world.gate = Promise.resolve();
    world.onStarted = () => undefined;
    world.onFinished = () => undefined;
  });

  it('runs and commits a call that has time left', async () => {
    await expect(client.getLatestTable({ table: 1 })).resolves.toEqual(TABLE);
    expect(world.committed).toEqual([1]);
  });

  it('does not start a call that arrives after its deadline, and answers DEADLINE_EXCEEDED', async () => {
    // The caller's deadline is already over when the server reads the call (grpc-timeout 0: what a
    // call that waited out its deadline in a stalled process looks like once it is read).
    const metadata = new grpc.Metadata();
    metadata.set('grpc-timeout', '0m');
    const answer = await new Promise<grpc.ServiceError | null>((resolve) => {
      (
        raw['GetLatestTable'] as (
          r: unknown,
          m: grpc.Metadata,
          o: grpc.CallOptions,
          cb: (e: grpc.ServiceError | null) => void,
        ) => void
      ).call(raw, { table: 2 }, metadata, {}, (error) => resolve(error));
    });
    expect(answer?.code).toBe(grpc.status.DEADLINE_EXCEEDED);
    // The refusal is counted before the answer leaves, so by now the call is known to be over.
    const counted = await registry.getSingleMetricAsString('calls');
    expect(counted).toMatch(
      /calls_count\{method="WritingController.getLatestTable",code="DEADLINE_EXCEEDED"\} 1/,
    );
    expect(world.started).toEqual([]);
    expect(world.committed).toEqual([]);
  });

  it('does not commit a write whose deadline passes while it works', async () => {
    let open!: () => void;
    world.gate = new Promise<void>((resolve) => (open = resolve));
    const started = new Promise<void>((resolve) => (world.onStarted = resolve));
    const finished = new Promise<void>((resolve) => (world.onFinished = resolve));

    const call = client.getLatestTable({ table: 3 }, { deadlineMs: 300 });
    await started;
    // The call reached the server before now, so the server's own deadline ends before now + 300 ms.
    const serverDeadlineBefore = Date.now() + 300;
    // The caller gives up while the handler is still working...
    await expect(call).rejects.toMatchObject({ code: grpc.status.DEADLINE_EXCEEDED });
    while (Date.now() <= serverDeadlineBefore) await new Promise((resolve) => setTimeout(resolve, 10));
    // ...and when the work is done, the handler asks before committing, and does not.
    open();
    await finished;
    expect(world.started).toEqual([3]);
    expect(world.committed).toEqual([]);
    expect(world.finished).toEqual([
      { table: 3, outcome: "the caller's deadline passed: nothing was committed" },
    ]);
  });
});
