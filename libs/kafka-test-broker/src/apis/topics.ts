import { Writer } from '../codec/writer';
import { ErrorCode } from '../broker/errors';
import { topicNameProblem } from '../broker/cluster';
import { api, type ApiHandler } from './context';
import { versions } from './kafka-versions';

/*
 * Metadata v0–8, CreateTopics v2–4, DeleteTopics v0–1, CreatePartitions v0–1, DescribeConfigs v1–2,
 * AlterConfigs v0–1 (non-flexible versions; field lists from Kafka's <Name>Request/Response.json).
 */

/**
 * Metadata v0–8 => [topics] allow_auto_topic_creation (v4+; before it, true)
 *   include_cluster_authorized_operations include_topic_authorized_operations (v8+).
 *   All topics: an empty list in v0, null from v1.
 * Answer: throttle_time_ms (v3+) [brokers(node_id host port rack (v1+))] cluster_id (v2+)
 *   controller_id (v1+) [topics(error_code name is_internal (v1+) [partitions(error_code index leader
 *   leader_epoch (v7+) [replicas] [isr] [offline] (v5+))] topic_authorized_operations (v8+))]
 *   cluster_authorized_operations (v8+)
 * librdkafka 2.0 asks v4, kafkajs v6, kafka-python 2.0 v1.
 */
export const metadata: ApiHandler = {
  ...api('Metadata', versions(0, 8)),
  handle(body, { apiVersion: v, cluster, node }) {
    const listed = body.nullableArray((r) => r.string());
    const requested = v === 0 && listed?.length === 0 ? null : listed;
    const allowAutoCreate = v >= 4 ? body.boolean() : true;
    if (v >= 8) {
      body.boolean();
      body.boolean();
    }
    const names = requested ?? cluster.topicNames();
    const topics = names.map((name) => {
      let topic = cluster.topic(name);
      let errorCode: ErrorCode = ErrorCode.NONE;
      if (!topic) {
        const problem = topicNameProblem(name);
        if (problem) errorCode = ErrorCode.INVALID_TOPIC_EXCEPTION;
        else if (allowAutoCreate) {
          // auto.create.topics.enable=true: created with num.partitions, at once (a single node has no
          // leader election to wait for, so no LEADER_NOT_AVAILABLE round).
          cluster.createTopic(name, -1);
          topic = cluster.topic(name);
        } else errorCode = ErrorCode.UNKNOWN_TOPIC_OR_PARTITION;
      }
      return { name, errorCode, partitions: topic?.partitions.length ?? 0 };
    });
    // Kafka's "not requested" value for authorized operations (the int32 minimum).
    const NOT_REQUESTED = -2147483648;
    const w = new Writer();
    if (v >= 3) w.int32(0);
    w.array([node], (bw, b) => {
      bw.int32(b.nodeId).string(b.host).int32(b.port);
      if (v >= 1) bw.string(null);
    });
    if (v >= 2) w.string('kafka-test-broker');
    if (v >= 1) w.int32(node.nodeId);
    w.array(topics, (tw, t) => {
      tw.int16(t.errorCode).string(t.name);
      if (v >= 1) tw.boolean(false);
      tw.array(
        Array.from({ length: t.partitions }, (_, i) => i),
        (pw, index) => {
          pw.int16(ErrorCode.NONE).int32(index).int32(node.nodeId);
          if (v >= 7) pw.int32(cluster.leaderEpoch);
          pw.array([node.nodeId], (x, id) => x.int32(id)).array([node.nodeId], (x, id) => x.int32(id));
          if (v >= 5) pw.array([], () => undefined);
        },
      );
      if (v >= 8) tw.int32(NOT_REQUESTED);
    });
    if (v >= 8) w.int32(NOT_REQUESTED);
    return w;
  },
};

/**
 * CreateTopics v2–4 => [topics(name num_partitions replication_factor [assignments(index [broker_ids])]
 *   [configs(name value)])] timeout_ms validate_only (the same fields in all three)
 * Answer: throttle_time_ms [topics(name error_code error_message)]
 */
export const createTopics: ApiHandler = {
  ...api('CreateTopics', versions(2, 4)),
  handle(body, { cluster }) {
    const requests = body.array((r) => ({
      name: r.string(),
      partitions: r.int32(),
      replicationFactor: r.int16(),
      assignments: r.array((a) => ({ index: a.int32(), brokers: a.array((b) => b.int32()) })),
      configs: r.array((c) => [c.string(), c.nullableString()] as const),
    }));
    body.int32(); // timeout_ms: creation here is immediate
    const validateOnly = body.boolean();
    const seen = new Map<string, number>();
    for (const request of requests) seen.set(request.name, (seen.get(request.name) ?? 0) + 1);
    const results = requests.map((request) => {
      const answer = (errorCode: ErrorCode, errorMessage: string | null) => ({
        name: request.name,
        errorCode,
        errorMessage,
      });
      if ((seen.get(request.name) ?? 0) > 1)
        return answer(
          ErrorCode.INVALID_TOPIC_EXCEPTION,
          `Create topics request from client contains a duplicate topic '${request.name}'`,
        );
      if (request.assignments.length > 0) {
        if (request.partitions !== -1 || request.replicationFactor !== -1) {
          return answer(
            ErrorCode.INVALID_REQUEST,
            'Both numPartitions or replicationFactor and replicasAssignments were set.',
          );
        }
        if (request.assignments.some((a) => a.brokers.length !== 1 || a.brokers[0] !== cluster.nodeId)) {
          return answer(
            ErrorCode.INVALID_REPLICATION_FACTOR,
            `Replica assignment names brokers other than the only one, ${cluster.nodeId}.`,
          );
        }
      } else if (request.replicationFactor !== -1 && request.replicationFactor !== 1) {
        return answer(
          ErrorCode.INVALID_REPLICATION_FACTOR,
          `Replication factor: ${request.replicationFactor} larger than available brokers: 1.`,
        );
      }
      const partitions = request.assignments.length > 0 ? request.assignments.length : request.partitions;
      const created = cluster.createTopic(request.name, partitions, new Map(request.configs), validateOnly);
      return answer(created.errorCode, created.errorMessage);
    });
    return new Writer()
      .int32(0)
      .array(results, (w, r) => w.string(r.name).int16(r.errorCode).string(r.errorMessage));
  },
};

/** DeleteTopics v0–1 => [topic_names] timeout_ms.  Answer: throttle_time_ms (v1+) [responses(name error_code)] */
export const deleteTopics: ApiHandler = {
  ...api('DeleteTopics', versions(0, 1)),
  handle(body, { apiVersion: v, cluster, groups }) {
    const names = body.array((r) => r.string());
    body.int32();
    const results = names.map((name) => {
      const errorCode = cluster.deleteTopic(name);
      if (errorCode === ErrorCode.NONE) groups.deleteTopicOffsets(name);
      return { name, errorCode };
    });
    const w = new Writer();
    if (v >= 1) w.int32(0);
    return w.array(results, (rw, r) => rw.string(r.name).int16(r.errorCode));
  },
};

/** ConfigResource types (Kafka's ConfigResource.Type) and config sources (DescribeConfigsResponse.json). */
const RESOURCE_TOPIC = 2;
const SOURCE_TOPIC_CONFIG = 1;
const SOURCE_DEFAULT_CONFIG = 5;

/**
 * Kafka 3.9's defaults for the topic configs a client commonly reads; a topic's own setting
 * (CreateTopics or AlterConfigs) overrides them. Other names are reported as unknown only when
 * asked for by name (they are left out, as Kafka leaves out names it does not know).
 */
const TOPIC_DEFAULTS: Record<string, string> = {
  'cleanup.policy': 'delete',
  'compression.type': 'producer',
  'max.message.bytes': '1048588',
  'min.insync.replicas': '1',
  'retention.bytes': '-1',
  'retention.ms': '604800000',
  'segment.bytes': '1073741824',
};

/**
 * DescribeConfigs v1–2 => [resources(resource_type resource_name [configuration_keys] (null = all))]
 *   include_synonyms
 * Answer: throttle_time_ms [results(error_code error_message resource_type resource_name
 *   [configs(name value read_only config_source is_sensitive [synonyms(name value source)])])]
 * Topics only (a broker resource is answered INVALID_REQUEST); synonyms are not reported.
 */
export const describeConfigs: ApiHandler = {
  ...api('DescribeConfigs', versions(1, 2)),
  handle(body, { cluster }) {
    const resources = body.array((r) => ({
      type: r.int8(),
      name: r.string(),
      keys: r.nullableArray((k) => k.string()),
    }));
    body.boolean();
    const results = resources.map((resource) => {
      const fail = (errorCode: ErrorCode, errorMessage: string) => ({
        ...resource,
        errorCode,
        errorMessage,
        configs: [],
      });
      if (resource.type !== RESOURCE_TOPIC)
        return fail(
          ErrorCode.INVALID_REQUEST,
          `resource type ${resource.type} is not described by this broker (topics only)`,
        );
      const topic = cluster.topic(resource.name);
      if (!topic) return fail(ErrorCode.UNKNOWN_TOPIC_OR_PARTITION, `Topic ${resource.name} does not exist.`);
      const names =
        resource.keys ?? [...new Set([...Object.keys(TOPIC_DEFAULTS), ...topic.configs.keys()])].sort();
      const configs = names
        .filter((name) => topic.configs.has(name) || name in TOPIC_DEFAULTS)
        .map((name) =>
          topic.configs.has(name)
            ? { name, value: topic.configs.get(name) ?? null, source: SOURCE_TOPIC_CONFIG }
            : { name, value: TOPIC_DEFAULTS[name]!, source: SOURCE_DEFAULT_CONFIG },
        );
      return { ...resource, errorCode: ErrorCode.NONE as ErrorCode, errorMessage: null, configs };
    });
    return new Writer().int32(0).array(results, (w, r) =>
      w
        .int16(r.errorCode)
        .string(r.errorMessage)
        .int8(r.type)
        .string(r.name)
        .array(r.configs, (cw, c) =>
          cw
            .string(c.name)
            .string(c.value)
            .boolean(false)
            .int8(c.source)
            .boolean(false)
            .array([], () => undefined),
        ),
    );
  },
};

/**
 * AlterConfigs v0–1 => [resources(resource_type resource_name [configs(name value)])] validate_only
 * Answer: throttle_time_ms [responses(error_code error_message resource_type resource_name)]
 * As in Kafka, the configs sent replace the topic's whole dynamic config (unlike IncrementalAlterConfigs).
 */
export const alterConfigs: ApiHandler = {
  ...api('AlterConfigs', versions(0, 1)),
  handle(body, { cluster }) {
    const resources = body.array((r) => ({
      type: r.int8(),
      name: r.string(),
      configs: r.array((c) => [c.string(), c.nullableString()] as const),
    }));
    const validateOnly = body.boolean();
    const results = resources.map((resource) => {
      const answer = (errorCode: ErrorCode, errorMessage: string | null) => ({
        ...resource,
        errorCode,
        errorMessage,
      });
      if (resource.type !== RESOURCE_TOPIC)
        return answer(
          ErrorCode.INVALID_REQUEST,
          `resource type ${resource.type} is not altered by this broker (topics only)`,
        );
      const topic = cluster.topic(resource.name);
      if (!topic)
        return answer(ErrorCode.UNKNOWN_TOPIC_OR_PARTITION, `Topic ${resource.name} does not exist.`);
      if (!validateOnly) topic.configs = new Map(resource.configs);
      return answer(ErrorCode.NONE, null);
    });
    return new Writer()
      .int32(0)
      .array(results, (w, r) => w.int16(r.errorCode).string(r.errorMessage).int8(r.type).string(r.name));
  },
};

/**
 * CreatePartitions v0–1 => [topics(name count [assignments([broker_ids])] (nullable))] timeout_ms validate_only
 * Answer: throttle_time_ms [results(name error_code error_message)]. Partitions only grow.
 */
export const createPartitions: ApiHandler = {
  ...api('CreatePartitions', versions(0, 1)),
  handle(body, { cluster }) {
    const requests = body.array((r) => ({
      name: r.string(),
      count: r.int32(),
      assignments: r.nullableArray((a) => a.array((b) => b.int32())),
    }));
    body.int32();
    const validateOnly = body.boolean();
    const results = requests.map((request) => {
      const answer = (errorCode: ErrorCode, errorMessage: string | null) => ({
        name: request.name,
        errorCode,
        errorMessage,
      });
      const topic = cluster.topic(request.name);
      if (!topic)
        return answer(ErrorCode.UNKNOWN_TOPIC_OR_PARTITION, `The topic '${request.name}' does not exist.`);
      if (request.count <= topic.partitions.length) {
        return answer(
          ErrorCode.INVALID_PARTITIONS,
          `Topic currently has ${topic.partitions.length} partitions, which is higher than the requested ${request.count}.`,
        );
      }
      if (request.assignments?.some((a) => a.length !== 1 || a[0] !== cluster.nodeId)) {
        return answer(
          ErrorCode.INVALID_REPLICA_ASSIGNMENT,
          `Replica assignment names brokers other than the only one, ${cluster.nodeId}.`,
        );
      }
      if (!validateOnly) cluster.growTopic(request.name, request.count);
      return answer(ErrorCode.NONE, null);
    });
    return new Writer()
      .int32(0)
      .array(results, (w, r) => w.string(r.name).int16(r.errorCode).string(r.errorMessage));
  },
};
