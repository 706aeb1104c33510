/**
 * The Kafka release this broker stands in for: the version pinned for production in
 * k8s/overlays/prod/kafka.yaml (spec.kafka.version) and the image of the container in provide.ts.
 * Change all three together.
 */
export const KAFKA_VERSION = '3.9.1';

/**
 * For each API the broker serves: the range a Kafka 3.9.1 broker advertises in ApiVersions
 * ("validVersions" of Kafka's <Name>Request.json at that release), and the first flexible version
 * ("flexibleVersions": compact strings and arrays, tagged fields, request header v2, response header
 * v1). The broker advertises these ranges exactly, so a client picks what it would pick against the
 * real broker; which of those versions it can then serve is each handler's `served` list.
 */
export const KAFKA_API_VERSIONS = {
  Produce: { apiKey: 0, min: 0, max: 11, firstFlexible: 9 },
  Fetch: { apiKey: 1, min: 0, max: 17, firstFlexible: 12 },
  ListOffsets: { apiKey: 2, min: 0, max: 9, firstFlexible: 6 },
  Metadata: { apiKey: 3, min: 0, max: 12, firstFlexible: 9 },
  OffsetCommit: { apiKey: 8, min: 0, max: 9, firstFlexible: 8 },
  OffsetFetch: { apiKey: 9, min: 0, max: 9, firstFlexible: 6 },
  FindCoordinator: { apiKey: 10, min: 0, max: 5, firstFlexible: 3 },
  JoinGroup: { apiKey: 11, min: 0, max: 9, firstFlexible: 6 },
  Heartbeat: { apiKey: 12, min: 0, max: 4, firstFlexible: 4 },
  LeaveGroup: { apiKey: 13, min: 0, max: 5, firstFlexible: 4 },
  SyncGroup: { apiKey: 14, min: 0, max: 5, firstFlexible: 4 },
  DescribeGroups: { apiKey: 15, min: 0, max: 5, firstFlexible: 5 },
  ListGroups: { apiKey: 16, min: 0, max: 5, firstFlexible: 3 },
  ApiVersions: { apiKey: 18, min: 0, max: 4, firstFlexible: 3 },
  CreateTopics: { apiKey: 19, min: 0, max: 7, firstFlexible: 5 },
  DeleteTopics: { apiKey: 20, min: 0, max: 6, firstFlexible: 4 },
  InitProducerId: { apiKey: 22, min: 0, max: 5, firstFlexible: 2 },
  DescribeConfigs: { apiKey: 32, min: 0, max: 4, firstFlexible: 4 },
  AlterConfigs: { apiKey: 33, min: 0, max: 2, firstFlexible: 2 },
  CreatePartitions: { apiKey: 37, min: 0, max: 3, firstFlexible: 2 },
} as const;

export type ApiName = keyof typeof KAFKA_API_VERSIONS;

/** `from`..`to` inclusive. */
export const versions = (from: number, to: number): number[] =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);
