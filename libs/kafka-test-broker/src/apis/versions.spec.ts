import { API_HANDLERS } from '.';

// The first flexible version of each API (tagged fields, compact strings and arrays), from the
// "flexibleVersions" of Kafka's clients/src/main/resources/common/message/<Name>Request.json.
const FIRST_FLEXIBLE: Record<string, number> = {
  Produce: 9,
  Fetch: 12,
  ListOffsets: 6,
  Metadata: 9,
  OffsetCommit: 8,
  OffsetFetch: 6,
  FindCoordinator: 3,
  JoinGroup: 6,
  Heartbeat: 4,
  LeaveGroup: 4,
  SyncGroup: 4,
  DescribeGroups: 5,
  ListGroups: 3,
  ApiVersions: 3,
  CreateTopics: 5,
  DeleteTopics: 4,
  InitProducerId: 2,
};

// kafkajs' own table of requests: for each API the versions it implements (it uses the highest one
// the broker advertises).
const kafkajs = jest.requireActual<{ requests: Record<string, { versions: string[] }> }>('kafkajs/src/protocol/requests');
const kafkajsKeys = jest.requireActual<Record<string, number>>('kafkajs/src/protocol/requests/apiKeys');

describe('advertised API versions', () => {
  it('advertises, for every API, exactly the highest version kafkajs 2.2.4 implements', () => {
    for (const api of API_HANDLERS) {
      const name = Object.keys(kafkajsKeys).find((key) => kafkajsKeys[key] === api.apiKey)!;
      const versions = kafkajs.requests[name]!.versions.map(Number);
      expect({ api: api.name, max: api.maxVersion }).toEqual({ api: api.name, max: Math.max(...versions) });
      if (api.name !== 'ApiVersions') expect({ api: api.name, min: api.minVersion }).toEqual({ api: api.name, min: api.maxVersion });
    }
  });

  it('advertises no flexible version, so no request or response needs tagged fields', () => {
    for (const api of API_HANDLERS) expect({ api: api.name, below: api.maxVersion < FIRST_FLEXIBLE[api.name]! }).toEqual({ api: api.name, below: true });
  });

  it('covers the APIs a kafkajs producer, consumer group and admin use', () => {
    expect(API_HANDLERS.map((api) => api.name).sort()).toEqual(
      [
        'ApiVersions',
        'CreateTopics',
        'DeleteTopics',
        'DescribeGroups',
        'Fetch',
        'FindCoordinator',
        'Heartbeat',
        'InitProducerId',
        'JoinGroup',
        'LeaveGroup',
        'ListGroups',
        'ListOffsets',
        'Metadata',
        'OffsetCommit',
        'OffsetFetch',
        'Produce',
        'SyncGroup',
      ].sort(),
    );
  });
});
