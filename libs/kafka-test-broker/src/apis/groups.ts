import { Writer } from '../codec/writer';
import { ErrorCode } from '../broker/errors';
import { api, type ApiHandler } from './context';
import { versions } from './kafka-versions';

/*
 * The group coordinator's APIs, classic protocol: FindCoordinator v0–2, JoinGroup v2–5, SyncGroup v0–3,
 * Heartbeat v0–3, LeaveGroup v0–3, OffsetCommit v2–7, OffsetFetch v1–7 (v6+ flexible), DescribeGroups
 * v0–2, ListGroups v0–2 (Kafka's *Request/*Response.json of those names). kafka-python 2.0 uses the
 * low ends (FindCoordinator v0, JoinGroup v2, OffsetCommit v2, OffsetFetch v1), kafkajs and
 * librdkafka the high ones (librdkafka OffsetCommit v7, OffsetFetch v7). The state machine is in broker/group-coordinator.ts.
 */

/** offset.metadata.max.bytes (Kafka default 4096). */
const OFFSET_METADATA_MAX_BYTES = 4096;

/**
 * FindCoordinator v0–2 => key key_type (v1+: 0 group, 1 transaction).
 * Answer: throttle_time_ms (v1+) error_code error_message (v1+) node_id host port. This node
 * coordinates everything.
 */
export const findCoordinator: ApiHandler = {
  ...api('FindCoordinator', versions(0, 2)),
  handle(body, { apiVersion: v, node }) {
    const key = body.string();
    const keyType = v >= 1 ? body.int8() : 0;
    const answer = (
      errorCode: ErrorCode,
      message: string | null,
      nodeId: number,
      host: string,
      port: number,
    ) => {
      const w = new Writer();
      if (v >= 1) w.int32(0);
      w.int16(errorCode);
      if (v >= 1) w.string(message);
      return w.int32(nodeId).string(host).int32(port);
    };
    if ((keyType !== 0 && keyType !== 1) || key === '')
      return answer(
        ErrorCode.INVALID_REQUEST,
        `invalid coordinator key '${key}' of type ${keyType}`,
        -1,
        '',
        -1,
      );
    return answer(ErrorCode.NONE, null, node.nodeId, node.host, node.port);
  },
};

/**
 * JoinGroup v2–5 => group_id session_timeout_ms rebalance_timeout_ms member_id group_instance_id (v5+)
 *   protocol_type [protocols(name metadata)]
 * Answer: throttle_time_ms error_code generation_id protocol_name leader member_id
 *   [members(member_id group_instance_id (v5+) metadata)] (the members only for the leader).
 * From v4 a member without an id is first sent one with MEMBER_ID_REQUIRED (KIP-394).
 * Waits until the rebalance completes. group_instance_id (static membership, KIP-345) is carried
 * but not acted on: every member is dynamic.
 */
export const joinGroup: ApiHandler = {
  ...api('JoinGroup', versions(2, 5)),
  async handle(body, { apiVersion: v, groups, clientId, clientHost }) {
    const answer = await groups.join({
      groupId: body.string(),
      sessionTimeoutMs: body.int32(),
      rebalanceTimeoutMs: body.int32(),
      memberId: body.string(),
      groupInstanceId: v >= 5 ? body.nullableString() : null,
      protocolType: body.string(),
      protocols: body.array((r) => ({ name: r.string(), metadata: r.bytes() })),
      clientId,
      clientHost,
      requireKnownMemberId: v >= 4,
    });
    return new Writer()
      .int32(0)
      .int16(answer.errorCode)
      .int32(answer.generationId)
      .string(answer.protocolName)
      .string(answer.leader)
      .string(answer.memberId)
      .array(answer.members, (w, m) => {
        w.string(m.memberId);
        if (v >= 5) w.string(m.groupInstanceId);
        w.bytes(m.metadata);
      });
  },
};

/**
 * SyncGroup v0–3 => group_id generation_id member_id group_instance_id (v3+) [assignments(member_id assignment)]
 * Answer: throttle_time_ms (v1+) error_code assignment. The leader's assignment bytes are passed through as sent.
 */
export const syncGroup: ApiHandler = {
  ...api('SyncGroup', versions(0, 3)),
  async handle(body, { apiVersion: v, groups }) {
    const groupId = body.string();
    const generationId = body.int32();
    const memberId = body.string();
    if (v >= 3) body.nullableString();
    const assignments = body.array((r) => ({ memberId: r.string(), assignment: r.bytes() }));
    const answer = await groups.sync(groupId, generationId, memberId, assignments);
    const w = new Writer();
    if (v >= 1) w.int32(0);
    return w.int16(answer.errorCode).bytes(answer.assignment);
  },
};

/** Heartbeat v0–3 => group_id generation_id member_id group_instance_id (v3+).  Answer: throttle_time_ms (v1+) error_code */
export const heartbeat: ApiHandler = {
  ...api('Heartbeat', versions(0, 3)),
  handle(body, { apiVersion: v, groups }) {
    const groupId = body.string();
    const generationId = body.int32();
    const memberId = body.string();
    if (v >= 3) body.nullableString();
    const w = new Writer();
    if (v >= 1) w.int32(0);
    return w.int16(groups.heartbeat(groupId, generationId, memberId));
  },
};

/**
 * LeaveGroup v0–3 => group_id member_id (v0–2) | [members(member_id group_instance_id)] (v3+)
 * Answer: throttle_time_ms (v1+) error_code [members(member_id group_instance_id error_code)] (v3+);
 * before v3 the one member's error is the error_code.
 */
export const leaveGroup: ApiHandler = {
  ...api('LeaveGroup', versions(0, 3)),
  handle(body, { apiVersion: v, groups }) {
    const groupId = body.string();
    const members =
      v >= 3
        ? body.array((r) => ({ memberId: r.string(), groupInstanceId: r.nullableString() }))
        : [{ memberId: body.string(), groupInstanceId: null }];
    const errors = groups.leave(
      groupId,
      members.map((m) => m.memberId),
    );
    const answer = members.map((m, i) => ({ ...m, errorCode: errors[i]! }));
    const w = new Writer();
    if (v >= 1) w.int32(0);
    if (v < 3) return w.int16(answer[0]!.errorCode);
    return w
      .int16(ErrorCode.NONE)
      .array(answer, (mw, m) => mw.string(m.memberId).string(m.groupInstanceId).int16(m.errorCode));
  },
};

/**
 * OffsetCommit v2–7 => group_id generation_id member_id retention_time_ms (v2–4) group_instance_id (v7+)
 *   [topics(name [partitions(partition_index committed_offset committed_leader_epoch (v6+) committed_metadata)])]
 * Answer: throttle_time_ms (v3+) [topics(name [partitions(partition_index error_code)])]
 * generation -1 with an empty member id commits for a group without members (admin tools).
 */
export const offsetCommit: ApiHandler = {
  ...api('OffsetCommit', versions(2, 7)),
  handle(body, { apiVersion: v, groups, cluster }) {
    const groupId = body.string();
    const generationId = body.int32();
    const memberId = body.string();
    if (v <= 4) body.int64(); // retention_time_ms: offsets are kept for the broker's life
    if (v >= 7) body.nullableString(); // group_instance_id: every member is dynamic here
    const topics = body.array((r) => ({
      name: r.string(),
      partitions: r.array((p) => {
        const index = p.int32();
        const offset = p.int64();
        if (v >= 6) p.int32(); // committed_leader_epoch
        return { index, offset, metadata: p.nullableString() };
      }),
    }));
    const groupError = groups.commitCheck(groupId, generationId, memberId);
    const answer = topics.map((topic) => ({
      name: topic.name,
      partitions: topic.partitions.map((p) => {
        let errorCode: ErrorCode = groupError;
        if (errorCode === ErrorCode.NONE) {
          if (!cluster.partition(topic.name, p.index)) errorCode = ErrorCode.UNKNOWN_TOPIC_OR_PARTITION;
          else if (p.metadata !== null && Buffer.byteLength(p.metadata) > OFFSET_METADATA_MAX_BYTES)
            errorCode = ErrorCode.OFFSET_METADATA_TOO_LARGE;
          else groups.commit(groupId, topic.name, p.index, { offset: p.offset, metadata: p.metadata ?? '' });
        }
        return { index: p.index, errorCode };
      }),
    }));
    const w = new Writer();
    if (v >= 3) w.int32(0);
    return w.array(answer, (tw, t) =>
      tw.string(t.name).array(t.partitions, (pw, p) => pw.int32(p.index).int16(p.errorCode)),
    );
  },
};

/**
 * OffsetFetch v1–7 => group_id [topics(name [partition_indexes])] (v2+: null topics = everything
 *   committed) require_stable (v7+); flexible from v6.
 * Answer: throttle_time_ms (v3+) [topics(name [partitions(partition_index committed_offset
 *   committed_leader_epoch (v5+) metadata error_code)])] error_code (v2+). Nothing committed reads as
 *   offset -1 with empty metadata.
 */
export const offsetFetch: ApiHandler = {
  ...api('OffsetFetch', versions(1, 7)),
  handle(body, { apiVersion: v, flexible: f, groups }) {
    const groupId = body.str(f);
    const requested = body.narr(f, (r) => ({
      name: r.str(f),
      partitions: r.arr(f, (p) => p.int32(), false),
    }));
    if (v >= 7) body.boolean(); // require_stable: no transactions, so every offset is stable
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
    const w = new Writer();
    if (v >= 3) w.int32(0);
    w.arr(f, topics, (tw, t) =>
      tw.str(f, t.name).arr(f, t.partitions, (pw, p) => {
        pw.int32(p.index).int64(p.offset);
        if (v >= 5) pw.int32(-1);
        pw.str(f, p.metadata).int16(ErrorCode.NONE);
      }),
    );
    if (v >= 2) w.int16(ErrorCode.NONE);
    return f ? w.tags() : w;
  },
};

/**
 * DescribeGroups v0–2 => [groups]
 * Answer: throttle_time_ms (v1+) [groups(error_code group_id group_state protocol_type protocol_data
 *   [members(member_id client_id client_host member_metadata member_assignment)])]
 * An unknown group is described as 'Dead', as Kafka does.
 */
export const describeGroups: ApiHandler = {
  ...api('DescribeGroups', versions(0, 2)),
  handle(body, { apiVersion: v, groups }) {
    const ids = body.array((r) => r.string());
    const described = ids.map((groupId) => ({
      groupId,
      group: groups.describe(groupId) ?? {
        state: 'Dead' as const,
        protocolType: '',
        protocolName: '',
        members: [],
      },
    }));
    const writer = new Writer();
    if (v >= 1) writer.int32(0);
    return writer.array(described, (w, { groupId, group }) =>
      w
        .int16(ErrorCode.NONE)
        .string(groupId)
        .string(group.state)
        .string(group.protocolType)
        .string(group.protocolName)
        .array(group.members, (mw, m) =>
          mw.string(m.memberId).string(m.clientId).string(m.clientHost).bytes(m.metadata).bytes(m.assignment),
        ),
    );
  },
};

/** ListGroups v0–2 => (nothing).  Answer: throttle_time_ms (v1+) error_code [groups(group_id protocol_type)] */
export const listGroups: ApiHandler = {
  ...api('ListGroups', versions(0, 2)),
  handle(_body, { apiVersion: v, groups }) {
    const writer = new Writer();
    if (v >= 1) writer.int32(0);
    return writer
      .int16(ErrorCode.NONE)
      .array(groups.groupIds(), (w, g) => w.string(g.groupId).string(g.protocolType));
  },
};
