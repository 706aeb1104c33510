import { API_HANDLERS } from '.';
import { KAFKA_API_VERSIONS } from './kafka-versions';

// kafkajs' own table of requests: for each API the versions it implements (it uses the highest one
// the broker advertises).
const kafkajs = jest.requireActual<{ requests: Record<string, { versions: string[] }> }>(
  'kafkajs/src/protocol/requests',
);
const kafkajsKeys = jest.requireActual<Record<string, number>>('kafkajs/src/protocol/requests/apiKeys');

describe('advertised API versions', () => {
  it("advertises, for every API, exactly Kafka 3.9.1's range", () => {
    for (const api of API_HANDLERS) {
      const kafka = KAFKA_API_VERSIONS[api.name as keyof typeof KAFKA_API_VERSIONS];
      expect({ api: api.name, min: api.minVersion, max: api.maxVersion }).toEqual({
        api: api.name,
        min: kafka.min,
        max: kafka.max,
      });
    }
  });

  it('serves the version kafkajs 2.2.4 picks from that range (its highest that the broker advertises)', () => {
    for (const api of API_HANDLERS) {
      const name = Object.keys(kafkajsKeys).find((key) => kafkajsKeys[key] === api.apiKey)!;
      const picked = Math.max(
        ...kafkajs.requests[name]!.versions.map(Number).filter((v) => v <= api.maxVersion),
      );
      expect({ api: api.name, picked, served: api.served.includes(picked) }).toEqual({
        api: api.name,
        picked,
        served: true,
      });
    }
  });

  it('serves only versions it advertises, flexible ones only where it parses the compact encoding', () => {
    for (const api of API_HANDLERS) {
      expect({
        api: api.name,
        within: api.served.every((v) => v >= api.minVersion && v <= api.maxVersion),
      }).toEqual({ api: api.name, within: true });
      const expected =
        ({ OffsetFetch: [6, 7], ApiVersions: [3, 4] } as Record<string, number[]>)[api.name] ?? [];
      expect({ api: api.name, flexible: api.served.filter((v) => v >= api.firstFlexible) }).toEqual({
        api: api.name,
        flexible: expected,
      });
    }
  });

  it('covers the APIs a kafkajs producer, consumer group and admin use', () => {
    expect(API_HANDLERS.map((api) => api.name).sort()).toEqual(
      [
        'ApiVersions',
        'AlterConfigs',
        'CreatePartitions',
        'CreateTopics',
        'DeleteTopics',
        'DescribeConfigs',
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
