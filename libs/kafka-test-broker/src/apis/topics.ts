import { Writer } from '../codec/writer';
import { ErrorCode } from '../broker/errors';
import { topicNameProblem } from '../broker/cluster';
import { type ApiHandler } from './context';

/*
 * Metadata v6, CreateTopics v3, DeleteTopics v1 (non-flexible versions; field lists from Kafka's
 * MetadataRequest/Response.json, CreateTopicsRequest/Response.json, DeleteTopicsRequest/Response.json).
 */

/**
 * Metadata v6 => [topics] allow_auto_topic_creation; null topics = all topics.
 * Answer: throttle_time_ms [brokers(node_id host port rack)] cluster_id controller_id
 *   [topics(error_code name is_internal [partitions(error_code index leader [replicas] [isr] [offline])])]
 */
export const metadata: ApiHandler = {
  apiKey: 3,
  name: 'Metadata',
  minVersion: 6,
  maxVersion: 6,
  handle(body, { cluster, node }) {
    const requested = body.nullableArray((r) => r.string());
    const allowAutoCreate = body.boolean();
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
    return new Writer()
      .int32(0)
      .array([node], (w, b) => w.int32(b.nodeId).string(b.host).int32(b.port).string(null))
      .string('kafka-test-broker')
      .int32(node.nodeId)
      .array(topics, (w, t) =>
        w
          .int16(t.errorCode)
          .string(t.name)
          .boolean(false)
          .array(
            Array.from({ length: t.partitions }, (_, i) => i),
            (pw, index) =>
              pw
                .int16(ErrorCode.NONE)
                .int32(index)
                .int32(node.nodeId)
                .array([node.nodeId], (x, id) => x.int32(id))
                .array([node.nodeId], (x, id) => x.int32(id))
                .array([], () => undefined),
          ),
      );
  },
};

/**
 * CreateTopics v3 => [topics(name num_partitions replication_factor [assignments(index [broker_ids])]
 *   [configs(name value)])] timeout_ms validate_only
 * Answer: throttle_time_ms [topics(name error_code error_message)]
 */
export const createTopics: ApiHandler = {
  apiKey: 19,
  name: 'CreateTopics',
  minVersion: 3,
  maxVersion: 3,
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
      const answer = (errorCode: ErrorCode, errorMessage: string | null) => ({ name: request.name, errorCode, errorMessage });
      if ((seen.get(request.name) ?? 0) > 1) return answer(ErrorCode.INVALID_TOPIC_EXCEPTION, `Create topics request from client contains a duplicate topic '${request.name}'`);
      if (request.assignments.length > 0) {
        if (request.partitions !== -1 || request.replicationFactor !== -1) {
          return answer(ErrorCode.INVALID_REQUEST, 'Both numPartitions or replicationFactor and replicasAssignments were set.');
        }
        if (request.assignments.some((a) => a.brokers.length !== 1 || a.brokers[0] !== cluster.nodeId)) {
          return answer(ErrorCode.INVALID_REPLICATION_FACTOR, `Replica assignment names brokers other than the only one, ${cluster.nodeId}.`);
        }
      } else if (request.replicationFactor !== -1 && request.replicationFactor !== 1) {
        return answer(ErrorCode.INVALID_REPLICATION_FACTOR, `Replication factor: ${request.replicationFactor} larger than available brokers: 1.`);
      }
      const partitions = request.assignments.length > 0 ? request.assignments.length : request.partitions;
      const created = cluster.createTopic(request.name, partitions, new Map(request.configs), validateOnly);
      return answer(created.errorCode, created.errorMessage);
    });
    return new Writer().int32(0).array(results, (w, r) => w.string(r.name).int16(r.errorCode).string(r.errorMessage));
  },
};

/** DeleteTopics v1 => [topic_names] timeout_ms.  Answer: throttle_time_ms [responses(name error_code)] */
export const deleteTopics: ApiHandler = {
  apiKey: 20,
  name: 'DeleteTopics',
  minVersion: 1,
  maxVersion: 1,
  handle(body, { cluster, groups }) {
    const names = body.array((r) => r.string());
    body.int32();
    const results = names.map((name) => {
      const errorCode = cluster.deleteTopic(name);
      if (errorCode === ErrorCode.NONE) groups.deleteTopicOffsets(name);
      return { name, errorCode };
    });
    return new Writer().int32(0).array(results, (w, r) => w.string(r.name).int16(r.errorCode));
  },
};
