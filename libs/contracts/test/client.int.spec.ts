import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import {
  GrpcCallError,
  LOADER_OPTIONS,
  createServiceClient,
  type eventsV1,
  protoPathsFor,
  type leadsV1,
  ratesV1,
  richStatusMetadata,
  healthV1,
  type ServiceClient,
  type ServiceName,
} from '../src';

type Handler = (
  call: grpc.ServerUnaryCall<ratesV1.GetLatestTableRequest, ratesV1.RateTable>,
  callback: grpc.sendUnaryData<ratesV1.RateTable>,
) => void;

const TABLE_A: ratesV1.RateTable = {
  table: ratesV1.TableType.A,
  no: '215/A/NBP/2024',
  effectiveDate: '2024-11-05',
  tradingDate: '',
  rates: [
    { currency: 'euro', code: 'EUR', mid: '4.3512', bid: '', ask: '' },
    { currency: 'dolar amerykański', code: 'USD', mid: '3.99870', bid: '', ask: '' },
  ],
  embedded: false,
};

/** Awaits a call that must fail and returns its GrpcCallError. */
async function failure(call: Promise<unknown>): Promise<GrpcCallError> {
  try {
    await call;
  } catch (error) {
    if (error instanceof GrpcCallError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

function loadGrpcObject(name: ServiceName = 'rates'): grpc.GrpcObject {
  return grpc.loadPackageDefinition(protoLoader.loadSync(protoPathsFor(name), LOADER_OPTIONS));
}

function serviceDefinition(root: grpc.GrpcObject, qualifiedName: string): grpc.ServiceDefinition {
  let node: unknown = root;
  for (const part of qualifiedName.split('.')) node = (node as Record<string, unknown>)[part];
  return (node as grpc.ServiceClientConstructor).service;
}

describe('createServiceClient against a real grpc-js server', () => {
  let server: grpc.Server;
  let target: string;
  let handler: Handler;
  let calls: number;
  let client: ServiceClient<'rates'>;

  beforeAll(async () => {
    const root = loadGrpcObject();
    server = new grpc.Server();
    server.addService(serviceDefinition(root, 'rates.v1.RatesService'), {
      GetLatestTable: ((call, callback) => {
        calls += 1;
        handler(call, callback);
      }) satisfies Handler,
    });
    server.addService(serviceDefinition(root, 'grpc.health.v1.Health'), {
      Check: (
        call: grpc.ServerUnaryCall<healthV1.HealthCheckRequest, healthV1.HealthCheckResponse>,
        callback: grpc.sendUnaryData<healthV1.HealthCheckResponse>,
      ) => {
        if (call.request.service === 'rates.v1.RatesService' || call.request.service === '') {
          callback(null, { status: healthV1.HealthCheckResponse_ServingStatus.SERVING });
        } else {
          callback({ code: grpc.status.NOT_FOUND, details: 'unknown service' });
        }
      },
    });
    const port = await new Promise<number>((resolve, reject) => {
      server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (error, boundPort) =>
        error ? reject(error) : resolve(boundPort),
      );
    });
    target = `127.0.0.1:${port}`;
    client = createServiceClient('rates', { target });
    await client.waitForReady(5000);
  });

  afterAll(async () => {
    client.close();
    await new Promise<void>((resolve) => server.tryShutdown(() => resolve()));
  });

  beforeEach(() => {
    calls = 0;
    handler = (_call, callback) => callback(null, TABLE_A);
  });

  it('returns the typed response decoded with LOADER_OPTIONS', async () => {
    let received: ratesV1.GetLatestTableRequest | undefined;
    handler = (call, callback) => {
      received = call.request;
      callback(null, TABLE_A);
    };

    const table: ratesV1.RateTable = await client.getLatestTable({ table: ratesV1.TableType.A });

    expect(received).toEqual({ table: ratesV1.TableType.A });
    expect(table).toEqual(TABLE_A);
    // Decimal strings keep NBP's precision, trailing zeros included.
    expect(table.rates[1]?.mid).toBe('3.99870');
    expect(calls).toBe(1);
  });

  it('passes request metadata to the server', async () => {
    let seen: grpc.MetadataValue[] = [];
    handler = (call, callback) => {
      seen = call.metadata.get('x-request-id');
      callback(null, TABLE_A);
    };
    const metadata = new grpc.Metadata();
    metadata.set('x-request-id', 'abc-123');

    await client.getLatestTable({ table: ratesV1.TableType.A }, { metadata });

    expect(seen).toEqual(['abc-123']);
  });

  /** A server that answers only when the test says so, after the client has given up. */
  function answerLater(): () => void {
    const held: grpc.sendUnaryData<ratesV1.RateTable>[] = [];
    handler = (_call, callback) => held.push(callback);
    return () => held.forEach((callback) => callback(null, TABLE_A));
  }

  it('rejects with DEADLINE_EXCEEDED when the server answers too late', async () => {
    const answer = answerLater();
    try {
      // The server holds the answer, so only the client's own deadline can end the call.
      const error = await failure(client.getLatestTable({ table: ratesV1.TableType.A }, { deadlineMs: 100 }));

      expect(error).toBeInstanceOf(GrpcCallError);
      expect(error.code).toBe(grpc.status.DEADLINE_EXCEEDED);
      expect(error.method).toBe('rates.v1.RatesService/GetLatestTable');
      expect(calls).toBe(1);
    } finally {
      answer();
    }
  });

  it('uses the client-wide default deadline', async () => {
    const shortClient = createServiceClient('rates', { target, deadlineMs: 80 });
    const answer = answerLater();
    try {
      await expect(shortClient.getLatestTable({ table: ratesV1.TableType.A })).rejects.toMatchObject({
        code: grpc.status.DEADLINE_EXCEEDED,
      });
    } finally {
      answer();
      shortClient.close();
    }
  });

  it('parses field violations, error info and resource info from grpc-status-details-bin', async () => {
    handler = (_call, callback) => {
      callback({
        code: grpc.status.INVALID_ARGUMENT,
        details: 'table must be A, B or C',
        metadata: richStatusMetadata({
          code: grpc.status.INVALID_ARGUMENT,
          message: 'table must be A, B or C',
          fieldViolations: [{ field: 'table', description: 'Wybierz tabelę A, B lub C' }],
          errorInfo: { reason: 'TABLE_TYPE_REQUIRED', domain: 'rates.v1', metadata: { given: '0' } },
          resourceInfo: { resourceType: 'rates.v1.RateTable', resourceName: 'UNSPECIFIED' },
        }),
      });
    };

    const callError = await failure(client.getLatestTable({ table: ratesV1.TableType.UNSPECIFIED }));

    expect(callError.code).toBe(grpc.status.INVALID_ARGUMENT);
    expect(callError.details).toBe('table must be A, B or C');
    expect(callError.fieldViolations).toEqual([{ field: 'table', description: 'Wybierz tabelę A, B lub C' }]);
    expect(callError.errorInfo).toEqual({
      reason: 'TABLE_TYPE_REQUIRED',
      domain: 'rates.v1',
      metadata: { given: '0' },
    });
    expect(callError.resourceInfo).toEqual({
      resourceType: 'rates.v1.RateTable',
      resourceName: 'UNSPECIFIED',
    });
    expect(callError.message).toBe(
      'rates.v1.RatesService/GetLatestTable failed: INVALID_ARGUMENT: table must be A, B or C',
    );
    // INVALID_ARGUMENT is final: no retry.
    expect(calls).toBe(1);
  });

  it('reports plain errors without details as empty violations', async () => {
    handler = (_call, callback) => callback({ code: grpc.status.NOT_FOUND, details: 'no table C yet' });

    const error = await failure(client.getLatestTable({ table: ratesV1.TableType.C }));

    expect(error.code).toBe(grpc.status.NOT_FOUND);
    expect(error.details).toBe('no table C yet');
    expect(error.fieldViolations).toEqual([]);
    expect(error.errorInfo).toBeUndefined();
  });

  it('retries exactly once after UNAVAILABLE and returns the second answer', async () => {
    handler = (_call, callback) => {
      if (calls === 1) callback({ code: grpc.status.UNAVAILABLE, details: 'draining' });
      else callback(null, TABLE_A);
    };

    await expect(client.getLatestTable({ table: ratesV1.TableType.A })).resolves.toEqual(TABLE_A);
    expect(calls).toBe(2);
  });

  it('gives up after the second UNAVAILABLE', async () => {
    handler = (_call, callback) => callback({ code: grpc.status.UNAVAILABLE, details: 'draining' });

    const error = await failure(client.getLatestTable({ table: ratesV1.TableType.A }));

    expect(error).toBeInstanceOf(GrpcCallError);
    expect(error.code).toBe(grpc.status.UNAVAILABLE);
    expect(calls).toBe(2);
  });

  it('does not retry when retryUnavailable is false', async () => {
    const noRetry = createServiceClient('rates', { target, retryUnavailable: false });
    handler = (_call, callback) => callback({ code: grpc.status.UNAVAILABLE, details: 'draining' });
    try {
      await expect(noRetry.getLatestTable({ table: ratesV1.TableType.A })).rejects.toMatchObject({
        code: grpc.status.UNAVAILABLE,
      });
      expect(calls).toBe(1);
    } finally {
      noRetry.close();
    }
  });

  it('does not retry other failures', async () => {
    handler = (_call, callback) => callback({ code: grpc.status.INTERNAL, details: 'boom' });

    await expect(client.getLatestTable({ table: ratesV1.TableType.A })).rejects.toMatchObject({
      code: grpc.status.INTERNAL,
    });
    expect(calls).toBe(1);
  });

  it('reports UNIMPLEMENTED for a method the server does not implement', async () => {
    await expect(client.listBanks({})).rejects.toMatchObject({ code: grpc.status.UNIMPLEMENTED });
  });

  it('checks health by fully qualified service name', async () => {
    await expect(client.healthCheck()).resolves.toBe('SERVING');
    const contentOnSameServer = createServiceClient('content', { target });
    try {
      await expect(contentOnSameServer.healthCheck(1000)).resolves.toBe('SERVICE_UNKNOWN');
    } finally {
      contentOnSameServer.close();
    }
  });

  it('exposes exactly the unary methods as lowerCamelCase functions', () => {
    const methods = Object.keys(client)
      .filter((key) => typeof (client as unknown as Record<string, unknown>)[key] === 'function')
      .sort();
    expect(methods).toEqual(
      [
        'close',
        'convert',
        'getBankCurrencyHistory',
        'getBankTable',
        'getCurrencyHistory',
        'getCurrencyPair',
        'getLatestTable',
        'getTableByDate',
        'healthCheck',
        'listBanks',
        'listCurrencyNames',
        'listTables',
        'waitForReady',
      ].sort(),
    );
  });
});

describe('createServiceClient when nothing listens', () => {
  it('fails with UNAVAILABLE within the deadline, after one retry', async () => {
    const probe = new grpc.Server();
    const port = await new Promise<number>((resolve, reject) =>
      probe.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (e, p) =>
        e ? reject(e) : resolve(p),
      ),
    );
    await new Promise<void>((resolve) => probe.tryShutdown(() => resolve()));
    const client = createServiceClient('rates', { target: `127.0.0.1:${port}`, deadlineMs: 1500 });
    try {
      // Nothing can answer, so the call ends by UNAVAILABLE or by its deadline; a client that
      // waited longer would fail this test on Jest's own timeout.
      const error = await failure(client.getLatestTable({ table: ratesV1.TableType.A }));
      expect(error).toBeInstanceOf(GrpcCallError);
      expect([grpc.status.UNAVAILABLE, grpc.status.DEADLINE_EXCEEDED]).toContain(error.code);
      await expect(client.healthCheck(300)).rejects.toBeInstanceOf(GrpcCallError);
      await expect(client.waitForReady(200)).rejects.toMatchObject({ code: grpc.status.DEADLINE_EXCEEDED });
    } finally {
      client.close();
    }
  });

  it('rejects invalid options up front', () => {
    expect(() => createServiceClient('rates', { target: '' })).toThrow('target is required');
    expect(() => createServiceClient('rates', { target: '127.0.0.1:1', deadlineMs: 0 })).toThrow(
      'deadlineMs must be a positive number',
    );
    expect(() => createServiceClient('nope' as 'rates', { target: '127.0.0.1:1' })).toThrow(
      "unknown service 'nope'",
    );
  });
});

describe('createServiceClient repeats a write after UNAVAILABLE only when it cannot store twice', () => {
  const KEY = '0b7e8c1a-2f4d-4e6b-9a1c-3d5e7f9a1b2c';
  let server: grpc.Server;
  let leads: ServiceClient<'leads'>;
  let events: ServiceClient<'events'>;
  /** Requests each RPC received, in order; the first attempt of every call is answered UNAVAILABLE. */
  let received: { rpc: string; request: unknown }[];

  /** Fails the first attempt the way a server that stored the write and then lost the connection looks. */
  const firstUnavailable =
    (rpc: string, answer: unknown) =>
    (call: grpc.ServerUnaryCall<unknown, unknown>, callback: grpc.sendUnaryData<unknown>) => {
      received.push({ rpc, request: call.request });
      const attempts = received.filter((r) => r.rpc === rpc).length;
      if (attempts === 1) callback({ code: grpc.status.UNAVAILABLE, details: 'connection reset' });
      else callback(null, answer);
    };

  beforeAll(async () => {
    server = new grpc.Server();
    server.addService(serviceDefinition(loadGrpcObject('leads'), 'leads.v1.LeadsService'), {
      SubmitContactMessage: firstUnavailable('SubmitContactMessage', {
        id: 'm-1',
        receivedAt: '2026-11-20T10:00:00.000Z',
      }),
      GetApplication: firstUnavailable('GetApplication', {}),
    });
    server.addService(serviceDefinition(loadGrpcObject('events'), 'events.v1.EventsService'), {
      IngestEvents: firstUnavailable('IngestEvents', { accepted: 1, rejected: 0, results: [] }),
    });
    const port = await new Promise<number>((resolve, reject) => {
      server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (error, boundPort) =>
        error ? reject(error) : resolve(boundPort),
      );
    });
    leads = createServiceClient('leads', { target: `127.0.0.1:${port}` });
    events = createServiceClient('events', { target: `127.0.0.1:${port}` });
  });

  afterAll(async () => {
    leads.close();
    events.close();
    await new Promise<void>((resolve) => server.tryShutdown(() => resolve()));
  });

  beforeEach(() => {
    received = [];
  });

  const message: leadsV1.ContactMessage = {
    name: 'Jan Kowalski',
    email: 'jan@example.pl',
    phone: '',
    message: 'Chciałbym zapytać o współpracę.',
  };

  it('does not repeat a write sent without an idempotency key: it may already be stored', async () => {
    const error = await failure(leads.submitContactMessage(message));
    expect(error.code).toBe(grpc.status.UNAVAILABLE);
    expect(received.map((r) => r.rpc)).toEqual(['SubmitContactMessage']);
  });

  it('repeats a write once with the same idempotency key and returns the second answer', async () => {
    await expect(leads.submitContactMessage({ ...message, idempotencyKey: KEY })).resolves.toEqual({
      id: 'm-1',
      receivedAt: '2026-11-20T10:00:00.000Z',
      duplicate: false,
    });
    expect(received.map((r) => (r.request as leadsV1.ContactMessage).idempotencyKey)).toEqual([KEY, KEY]);
  });

  it('still repeats a read once', async () => {
    await leads.getApplication({ applicationId: KEY });
    expect(received.map((r) => r.rpc)).toEqual(['GetApplication', 'GetApplication']);
  });

  it('repeats an event batch only when every event carries its ingest id', async () => {
    const event = (ingestId: string) =>
      ({ eventId: 5, sessionId: KEY, clientId: KEY, ingestId }) as eventsV1.TrackingEvent;
    await expect(events.ingestEvents({ events: [event(KEY), event('')] })).rejects.toMatchObject({
      code: grpc.status.UNAVAILABLE,
    });
    expect(received).toHaveLength(1);

    received = [];
    await expect(events.ingestEvents({ events: [event(KEY)] })).resolves.toMatchObject({ accepted: 1 });
    expect(received).toHaveLength(2);
  });
});

describe('createServiceClient with a decoder of read answers', () => {
  let server: grpc.Server;
  let leads: ServiceClient<'leads'>;
  /** What the decoder was handed, per answer. */
  let decoded: Buffer[];

  beforeAll(async () => {
    server = new grpc.Server();
    server.addService(serviceDefinition(loadGrpcObject('leads'), 'leads.v1.LeadsService'), {
      SubmitContactMessage: (_call: unknown, callback: grpc.sendUnaryData<unknown>) =>
        callback(null, { id: 'm-1', receivedAt: '2026-11-20T10:00:00.000Z' }),
      GetApplication: (_call: unknown, callback: grpc.sendUnaryData<unknown>) =>
        callback(null, { applicationId: '0b7e8c1a-2f4d-4e6b-9a1c-3d5e7f9a1b2c' }),
    });
    const port = await new Promise<number>((resolve, reject) => {
      server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (error, boundPort) =>
        error ? reject(error) : resolve(boundPort),
      );
    });
    leads = createServiceClient('leads', {
      target: `127.0.0.1:${port}`,
      readAnswerDecoder: (decode) => (bytes) => {
        decoded.push(bytes);
        return { ...decode(bytes), seenByDecoder: true };
      },
    });
  });

  afterAll(async () => {
    leads.close();
    await new Promise<void>((resolve) => server.tryShutdown(() => resolve()));
  });

  beforeEach(() => {
    decoded = [];
  });

  it("decodes a read's answer with it, from the proto decoder's answer", async () => {
    await expect(leads.getApplication({ applicationId: 'x' })).resolves.toMatchObject({
      applicationId: '0b7e8c1a-2f4d-4e6b-9a1c-3d5e7f9a1b2c',
      seenByDecoder: true,
    });
    expect(decoded).toHaveLength(1);
  });

  it("leaves a write's answer to the proto decoder", async () => {
    const answer = await leads.submitContactMessage({
      name: 'Jan Kowalski',
      email: 'jan@example.pl',
      phone: '',
      message: 'Dzień dobry.',
    });
    expect(answer).toEqual({ id: 'm-1', receivedAt: '2026-11-20T10:00:00.000Z', duplicate: false });
    expect(decoded).toEqual([]);
  });
});
