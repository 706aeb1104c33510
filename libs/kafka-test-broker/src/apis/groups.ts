import { Writer } from '../codec/writer';
import { ErrorCode } from '../broker/errors';
import { type ApiHandler } from './context';

/*
 * The group coordinator's APIs, classic protocol: FindCoordinator v2, JoinGroup v5, SyncGroup v3,
 * Heartbeat v3, LeaveGroup v3, OffsetCommit v5, OffsetFetch v4, DescribeGroups v2, ListGroups v2
 * (Kafka's *Request/*Response.json of those names). The state machine is in broker/group-coordinator.ts.
 */

/** offset.metadata.max.bytes (Kafka default 4096). */
const OFFSET_METADATA_MAX_BYTES = 4096;

/**
 * FindCoordinator v2 => key key_type (0 group, 1 transaction).
 * Answer: throttle_time_ms error_code error_message node_id host port. This node coordinates everything.
 */
export const findCoordinator: ApiHandler = {
  apiKey: 10,
  name: 'FindCoordinator',
  minVersion: 2,
  maxVersion: 2,
  handle(body, { node }) {
    const key = body.string();
    const keyType = body.int8();
    if ((keyType !== 0 && keyType !== 1) || key === '') {
      return new Writer().int32(0).int16(ErrorCode.INVALID_REQUEST).string(`invalid coordinator key '${key}' of type ${keyType}`).int32(-1).string('').int32(-1);
    }
    return new Writer().int32(0).int16(ErrorCode.NONE).string(null).int32(node.nodeId).string(node.host).int32(node.port);
  },
};

/**
 * JoinGroup v5 => group_id session_timeout_ms rebalance_timeout_ms member_id group_instance_id
 *   protocol_type [protocols(name metadata)]
 * Answer: throttle_time_ms error_code generation_id protocol_name leader member_id
 *   [members(member_id group_instance_id metadata)] (the members only for the leader).
 * Waits until the rebalance completes. group_instance_id (static membership, KIP-345) is carried
 * but not acted on: every member is dynamic.
 */
export const joinGroup: ApiHandler = {
  apiKey: 11,
  name: 'JoinGroup',
  minVersion: 5,
  maxVersion: 5,
  async handle(body, { groups, clientId, clientHost }) {
    const answer = await groups.join({
      groupId: body.string(),
      sessionTimeoutMs: body.int32(),
      rebalanceTimeoutMs: body.int32(),
      memberId: body.string(),
      groupInstanceId: body.nullableString(),
      protocolType: body.string(),
      protocols: body.array((r) => ({ name: r.string(), metadata: r.bytes() })),
      clientId,
      clientHost,
    });
    return new Writer()
      .int32(0)
      .int16(answer.errorCode)
      .int32(answer.generationId)
      .string(answer.protocolName)
      .string(answer.leader)
      .string(answer.memberId)
      .array(answer.members, (w, m) => w.string(m.memberId).string(m.groupInstanceId).bytes(m.metadata));
  },
};

/**
 * SyncGroup v3 => group_id generation_id member_id group_instance_id [assignments(member_id assignment)]
 * Answer: throttle_time_ms error_code assignment. The leader's assignment bytes are passed through as sent.
 */
export const syncGroup: ApiHandler = {
  apiKey: 14,
  name: 'SyncGroup',
  minVersion: 3,
  maxVersion: 3,
  async handle(body, { groups }) {
    const groupId = body.string();
    const generationId = body.int32();
    const memberId = body.string();
    body.nullableString();
    const assignments = body.array((r) => ({ memberId: r.string(), assignment: r.bytes() }));
    const answer = await groups.sync(groupId, generationId, memberId, assignments);
    return new Writer().int32(0).int16(answer.errorCode).bytes(answer.assignment);
  },
};

/** Heartbeat v3 => group_id generation_id member_id group_instance_id.  Answer: throttle_time_ms error_code */
export const heartbeat: ApiHandler = {
  apiKey: 12,
  name: 'Heartbeat',
  minVersion: 3,
  maxVersion: 3,
  handle(body, { groups }) {
    const groupId = body.string();
    const generationId = body.int32();
    const memberId = body.string();
    body.nullableString();
    return new Writer().int32(0).int16(groups.heartbeat(groupId, generationId, memberId));
  },
};

/**
 * LeaveGroup v3 => group_id [members(member_id group_instance_id)]
 * Answer: throttle_time_ms error_code [members(member_id group_instance_id error_code)]
 */
export const leaveGroup: ApiHandler = {
  apiKey: 13,
  name: 'LeaveGroup',
  minVersion: 3,
  maxVersion: 3,
  handle(body, { groups }) {
    const groupId = body.string();
    const members = body.array((r) => ({ memberId: r.string(), groupInstanceId: r.nullableString() }));
    const errors = groups.leave(
      groupId,
      members.map((m) => m.memberId),
    );
    const answer = members.map((m, i) => ({ ...m, errorCode: errors[i]! }));
    return new Writer()
      .int32(0)
      .int16(ErrorCode.NONE)
      .array(answer, (w, m) => w.string(m.memberId).string(m.groupInstanceId).int16(m.errorCode));
  },
};

/**
 * OffsetCommit v5 => group_id generation_id member_id [topics(name [partitions(partition_index
 *   committed_offset committed_metadata)])]
 * Answer: throttle_time_ms [topics(name [partitions(partition_index error_code)])]
 * generation -1 with an empty member id commits for a group without members (admin tools).
 */
export const offsetCommit: ApiHandler = {
  apiKey: 8,
  name: 'OffsetCommit',
  minVersion: 5,
  maxVersion: 5,
  handle(body, { groups, cluster }) {
    const groupId = body.string();
    const generationId = body.int32();
    const memberId = body.string();
    const topics = body.array((r) => ({
      name: r.string(),
      partitions: r.array((p) => ({ index: p.int32(), offset: p.int64(), metadata: p.nullableString() })),
    }));
    const groupError = groups.commitCheck(groupId, generationId, memberId);
    const answer = topics.map((topic) => ({
      name: topic.name,
      partitions: topic.partitions.map((p) => {
        let errorCode: ErrorCode = groupError;
        if (errorCode === ErrorCode.NONE) {
          if (!cluster.partition(topic.name, p.index)) errorCode = ErrorCode.UNKNOWN_TOPIC_OR_PARTITION;
          else if (p.metadata !== null && Buffer.byteLength(p.metadata) > OFFSET_METADATA_MAX_BYTES) errorCode = ErrorCode.OFFSET_METADATA_TOO_LARGE;
          else groups.commit(groupId, topic.name, p.index, { offset: p.offset, metadata: p.metadata ?? '' });
        }
        return { index: p.index, errorCode };
      }),
    }));
    return new Writer().int32(0).array(answer, (w, t) => w.string(t.name).array(t.partitions, (pw, p) => pw.int32(p.index).int16(p.errorCode)));
  },
};

/**
 * OffsetFetch v4 => group_id [topics(name [partition_indexes])] (null topics = everything committed)
 * Answer: throttle_time_ms [topics(name [partitions(partition_index committed_offset metadata error_code)])]
 *   error_code. Nothing committed reads as offset -1 with empty metadata.
 */
export const offsetFetch: ApiHandler = {
  apiKey: 9,
  name: 'OffsetFetch',
  minVersion: 4,
  maxVersion: 4,
  handle(body, { groups }) {
    const groupId = body.string();
    const requested = body.nullableArray((r) => ({ name: r.string(), partitions: r.array((p) => p.int32()) }));
    let topics: { name: string; partitions: { index: number; offset: bigint; metadata: string }[] }[];
    if (requested === null) {
      const byTopic = new Map<string, { index: number; offset: bigint; metadata: string }[]>();
      for (const { topic, partition, committed } of groups.allCommitted(groupId)) {
        const list = byTopic.get(topic) ?? [];
        list.push({ index: partition, ...committed });
        byTopic.set(topic, list);
      }
      topics = [...byTopic.entries()].map(([name, partitions]) => ({ name, partitions }));
    } else {
      topics = requested.map((t) => ({
        name: t.name,
        partitions: t.partitions.map((index) => {
          const committed = groups.committed(groupId, t.name, index);
          return { index, offset: committed?.offset ?? -1n, metadata: committed?.metadata ?? '' };
        }),
      }));
    }
    return new Writer()
      .int32(0)
      .array(topics, (w, t) => w.string(t.name).array(t.partitions, (pw, p) => pw.int32(p.index).int64(p.offset).string(p.metadata).int16(ErrorCode.NONE)))
      .int16(ErrorCode.NONE);
  },
};

/**
 * DescribeGroups v2 => [groups]
 * Answer: throttle_time_ms [groups(error_code group_id group_state protocol_type protocol_data
 *   [members(member_id client_id client_host member_metadata member_assignment)])]
 * An unknown group is described as 'Dead', as Kafka does.
 */
export const describeGroups: ApiHandler = {
  apiKey: 15,
  name: 'DescribeGroups',
  minVersion: 2,
  maxVersion: 2,
  handle(body, { groups }) {
    const ids = body.array((r) => r.string());
    const described = ids.map((groupId) => ({ groupId, group: groups.describe(groupId) ?? { state: 'Dead' as const, protocolType: '', protocolName: '', members: [] } }));
    return new Writer().int32(0).array(described, (w, { groupId, group }) =>
      w
        .int16(ErrorCode.NONE)
        .string(groupId)
        .string(group.state)
        .string(group.protocolType)
        .string(group.protocolName)
        .array(group.members, (mw, m) => mw.string(m.memberId).string(m.clientId).string(m.clientHost).bytes(m.metadata).bytes(m.assignment)),
    );
  },
};

/** ListGroups v2 => (nothing).  Answer: throttle_time_ms error_code [groups(group_id protocol_type)] */
export const listGroups: ApiHandler = {
  apiKey: 16,
  name: 'ListGroups',
  minVersion: 2,
  maxVersion: 2,
  handle(_body, { groups }) {
    return new Writer()
      .int32(0)
      .int16(ErrorCode.NONE)
      .array(groups.groupIds(), (w, g) => w.string(g.groupId).string(g.protocolType));
  },
};
