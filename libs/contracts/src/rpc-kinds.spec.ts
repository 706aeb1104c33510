import * as protoLoader from '@grpc/proto-loader';
import { fullServiceName, LOADER_OPTIONS, protoPathsFor, SERVICE_NAMES, type ServiceName } from './registry';
import { mayRepeat, RPC_KINDS, type RpcKind, writeRpcs } from './rpc-kinds';

// RPC_KINDS is written by hand; these tests hold it to the proto files, so a write RPC added to a
// proto cannot be forgotten (and retried blindly) and no write can lose its idempotency key unseen.

interface FieldDescriptor {
  name: string;
  label: string;
  typeName: string;
}

function protoRpcs(name: ServiceName): Map<string, FieldDescriptor[]> {
  const definition = protoLoader.loadSync(protoPathsFor(name), LOADER_OPTIONS);
  const service = definition[fullServiceName(name)] as protoLoader.ServiceDefinition;
  return new Map(
    Object.entries(service).map(([rpc, method]) => [
      rpc,
      (method.requestType as unknown as { type: { field: FieldDescriptor[] } }).type.field,
    ]),
  );
}

const kindsOf = (name: ServiceName) => RPC_KINDS[name] as Record<string, RpcKind>;

describe('RPC_KINDS', () => {
  it.each(SERVICE_NAMES)('classifies exactly the RPCs of %s as the proto defines them', (name) => {
    expect(Object.keys(kindsOf(name)).sort()).toEqual([...protoRpcs(name).keys()].sort());
  });

  it.each(SERVICE_NAMES)(
    'marks as keyed-write exactly the %s RPCs whose request has an idempotency_key',
    (name) => {
      for (const [rpc, fields] of protoRpcs(name)) {
        const hasKey = fields.some(
          (field) => field.name === 'idempotencyKey' && field.label === 'LABEL_OPTIONAL',
        );
        expect({ rpc, keyed: kindsOf(name)[rpc] === 'keyed-write' }).toEqual({ rpc, keyed: hasKey });
      }
    },
  );

  it('marks IngestEvents, whose events each carry an ingest id, as the one ingest-write', () => {
    const ingest = SERVICE_NAMES.flatMap((name) =>
      Object.entries(kindsOf(name)).flatMap(([rpc, kind]) =>
        kind === 'ingest-write' ? [`${name}.${rpc}`] : [],
      ),
    );
    expect(ingest).toEqual(['events.IngestEvents']);
    expect(protoRpcs('events').get('IngestEvents')).toEqual([
      expect.objectContaining({ name: 'events', label: 'LABEL_REPEATED', typeName: 'TrackingEvent' }),
      // Who produced the batch: it decides which event ids may be in it, and is no key of the batch.
      expect.objectContaining({ name: 'origin', type: 'TYPE_ENUM', typeName: 'EventOrigin' }),
    ]);
    const definition = protoLoader.loadSync(protoPathsFor('events'), LOADER_OPTIONS);
    const event = definition['events.v1.TrackingEvent'] as unknown as { type: { field: FieldDescriptor[] } };
    expect(event.type.field.map((field) => field.name)).toContain('ingestId');
  });

  it('lists the writes of each service', () => {
    expect(writeRpcs('leads')).toEqual([
      'SubmitApplication',
      'SubmitContactMessage',
      'SubmitPartnerEnquiry',
      'Unsubscribe',
      'RequestErasure',
      'WithdrawConsent',
      'RecordDeliveryStatus',
      'RequestSelfServiceLink',
      'OpenSelfService',
      'WithdrawSelfServiceConsents',
      'EraseSelfServiceData',
    ]);
    expect(writeRpcs('content')).toEqual([
      'RecordArticleView',
      'SubmitComment',
      'ApproveComment',
      'RejectComment',
      'PostStaffReply',
      'AnonymiseCommenter',
    ]);
    expect(writeRpcs('offers')).toEqual([
      'TriggerFeedIngestion',
      'AssignExperimentVariant',
      'ForgetLeadRequests',
    ]);
    expect(writeRpcs('events')).toEqual(['IngestEvents']);
    expect(writeRpcs('rates')).toEqual([]);
  });
});

describe('mayRepeat', () => {
  const KEY = '0b7e8c1a-2f4d-4e6b-9a1c-3d5e7f9a1b2c';

  it('repeats reads', () => {
    expect(mayRepeat('read', { path: '/' })).toBe(true);
  });

  it('repeats a keyed write only when it carries a key', () => {
    expect(mayRepeat('keyed-write', { message: 'x', idempotencyKey: KEY })).toBe(true);
    expect(mayRepeat('keyed-write', { message: 'x', idempotencyKey: '' })).toBe(false);
    expect(mayRepeat('keyed-write', { message: 'x', idempotencyKey: '  ' })).toBe(false);
    expect(mayRepeat('keyed-write', { message: 'x', idempotencyKey: null })).toBe(false);
    expect(mayRepeat('keyed-write', { message: 'x' })).toBe(false);
    expect(mayRepeat('keyed-write', null)).toBe(false);
  });

  it('repeats an event batch only when every event carries its ingest id', () => {
    expect(mayRepeat('ingest-write', { events: [{ ingestId: KEY }, { ingestId: KEY }] })).toBe(true);
    expect(mayRepeat('ingest-write', { events: [{ ingestId: KEY }, { ingestId: '' }] })).toBe(false);
    expect(mayRepeat('ingest-write', { events: [] })).toBe(false);
    expect(mayRepeat('ingest-write', {})).toBe(false);
  });

  it('never repeats an unretried write or an RPC it does not know', () => {
    expect(mayRepeat('unretried-write', { idempotencyKey: KEY })).toBe(false);
    expect(mayRepeat(undefined, { idempotencyKey: KEY })).toBe(false);
  });
});
