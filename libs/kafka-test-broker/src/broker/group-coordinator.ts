import { randomUUID } from 'node:crypto';
import { ErrorCode } from './errors';

/*
 * The classic consumer group protocol (KIP-62, KIP-394), as Kafka's group coordinator runs it:
 *   Empty → PreparingRebalance (a member joins or leaves, or a session expires)
 *         → CompletingRebalance (every member has rejoined, or the rebalance timeout passed: the
 *           generation is bumped, a leader chosen, the JoinGroup answers sent; the leader gets the
 *           members' metadata) → Stable (the leader's SyncGroup brought the assignment; every member's
 *           SyncGroup answers with its part, as opaque bytes) → PreparingRebalance …
 * Heartbeats renew a member's session and answer REBALANCE_IN_PROGRESS while a rebalance is being
 * prepared; a member whose session expires is removed. Offsets are kept per group, in memory.
 */

export type GroupState = 'Empty' | 'PreparingRebalance' | 'CompletingRebalance' | 'Stable';

export interface GroupProtocol {
  name: string;
  metadata: Buffer;
}

export interface JoinRequest {
  groupId: string;
  sessionTimeoutMs: number;
  rebalanceTimeoutMs: number;
  memberId: string;
  groupInstanceId: string | null;
  protocolType: string;
  protocols: GroupProtocol[];
  clientId: string;
  clientHost: string;
  /** JoinGroup v4+ (KIP-394): a member without an id is sent one with MEMBER_ID_REQUIRED first; older versions join at once. */
  requireKnownMemberId: boolean;
}

export interface JoinResponse {
  errorCode: ErrorCode;
  generationId: number;
  protocolName: string;
  leader: string;
  memberId: string;
  members: { memberId: string; groupInstanceId: string | null; metadata: Buffer }[];
}

export interface SyncResponse {
  errorCode: ErrorCode;
  assignment: Buffer;
}

export interface CommittedOffset {
  offset: bigint;
  metadata: string;
}

export interface CoordinatorOptions {
  /** group.min.session.timeout.ms (Kafka default 6000). */
  minSessionTimeoutMs: number;
  /** group.max.session.timeout.ms (Kafka default 1800000). */
  maxSessionTimeoutMs: number;
}

interface Member {
  memberId: string;
  groupInstanceId: string | null;
  clientId: string;
  clientHost: string;
  sessionTimeoutMs: number;
  rebalanceTimeoutMs: number;
  protocolType: string;
  protocols: GroupProtocol[];
  assignment: Buffer;
  awaitingJoin: ((response: JoinResponse) => void) | null;
  awaitingSync: ((response: SyncResponse) => void) | null;
  sessionTimer: NodeJS.Timeout | null;
}

class Group {
  state: GroupState = 'Empty';
  generationId = 0;
  protocolType: string | null = null;
  protocolName: string | null = null;
  leaderId: string | null = null;
  readonly members = new Map<string, Member>();
  /** Member ids handed out with MEMBER_ID_REQUIRED, waiting for the member to join with them. */
  readonly pendingMembers = new Map<string, NodeJS.Timeout>();
  joinTimer: NodeJS.Timeout | null = null;
  readonly offsets = new Map<string, CommittedOffset>();

  constructor(readonly groupId: string) {}
}

const EMPTY = Buffer.alloc(0);
const offsetKey = (topic: string, partition: number) => `${topic}\u0000${partition}`;
const sameProtocols = (a: GroupProtocol[], b: GroupProtocol[]) =>
  a.length === b.length && a.every((p, i) => p.name === b[i]!.name && p.metadata.equals(b[i]!.metadata));

export class GroupCoordinator {
  private readonly groups = new Map<string, Group>();

  constructor(private readonly options: CoordinatorOptions) {}

  state(groupId: string): { state: GroupState; generationId: number; members: number } | undefined {
    const group = this.groups.get(groupId);
    return group && { state: group.state, generationId: group.generationId, members: group.members.size };
  }

  describe(groupId: string):
    | {
        state: GroupState | 'Dead';
        protocolType: string;
        protocolName: string;
        members: {
          memberId: string;
          groupInstanceId: string | null;
          clientId: string;
          clientHost: string;
          metadata: Buffer;
          assignment: Buffer;
        }[];
      }
    | undefined {
    const group = this.groups.get(groupId);
    if (!group) return undefined;
    const stable = group.state === 'Stable';
    return {
      state: group.state,
      protocolType: group.protocolType ?? '',
      protocolName: stable ? (group.protocolName ?? '') : '',
      members: [...group.members.values()].map((m) => ({
        memberId: m.memberId,
        groupInstanceId: m.groupInstanceId,
        clientId: m.clientId,
        clientHost: m.clientHost,
        metadata: stable
          ? (m.protocols.find((p) => p.name === group.protocolName)?.metadata ?? EMPTY)
          : EMPTY,
        assignment: stable ? m.assignment : EMPTY,
      })),
    };
  }

  groupIds(): { groupId: string; protocolType: string }[] {
    return [...this.groups.values()].map((g) => ({ groupId: g.groupId, protocolType: g.protocolType ?? '' }));
  }

  join(joining: JoinRequest): Promise<JoinResponse> {
    let request = joining;
    const fail = (errorCode: ErrorCode, memberId = request.memberId): Promise<JoinResponse> =>
      Promise.resolve({ errorCode, generationId: -1, protocolName: '', leader: '', memberId, members: [] });
    if (!request.groupId) return fail(ErrorCode.INVALID_GROUP_ID);
    if (
      request.sessionTimeoutMs < this.options.minSessionTimeoutMs ||
      request.sessionTimeoutMs > this.options.maxSessionTimeoutMs
    ) {
      return fail(ErrorCode.INVALID_SESSION_TIMEOUT);
    }
    const group = this.groups.get(request.groupId) ?? this.create(request.groupId);
    if (group.state !== 'Empty' && !this.supports(group, request))
      return fail(ErrorCode.INCONSISTENT_GROUP_PROTOCOL);

    if (request.memberId === '') {
      // KIP-394 (JoinGroup v4+): a new member first gets its id, and joins again with it.
      const memberId = `${request.clientId}-${randomUUID()}`;
      group.pendingMembers.set(
        memberId,
        this.timer(request.sessionTimeoutMs, () => {
          group.pendingMembers.delete(memberId);
          this.tryCompleteJoin(group);
        }),
      );
      if (request.requireKnownMemberId) return fail(ErrorCode.MEMBER_ID_REQUIRED, memberId);
      request = { ...request, memberId };
    }

    const pending = group.pendingMembers.get(request.memberId);
    if (pending) {
      clearTimeout(pending);
      group.pendingMembers.delete(request.memberId);
      const member: Member = {
        memberId: request.memberId,
        groupInstanceId: request.groupInstanceId,
        clientId: request.clientId,
        clientHost: request.clientHost,
        sessionTimeoutMs: request.sessionTimeoutMs,
        rebalanceTimeoutMs: request.rebalanceTimeoutMs,
        protocolType: request.protocolType,
        protocols: request.protocols,
        assignment: EMPTY,
        awaitingJoin: null,
        awaitingSync: null,
        sessionTimer: null,
      };
      group.members.set(member.memberId, member);
      if (group.state === 'Empty') group.protocolType = request.protocolType;
      return this.awaitJoin(group, member, true);
    }

    const member = group.members.get(request.memberId);
    if (!member) return fail(ErrorCode.UNKNOWN_MEMBER_ID);
    const unchanged = sameProtocols(member.protocols, request.protocols);
    member.protocols = request.protocols;
    member.sessionTimeoutMs = request.sessionTimeoutMs;
    member.rebalanceTimeoutMs = request.rebalanceTimeoutMs;
    switch (group.state) {
      case 'PreparingRebalance':
        return this.awaitJoin(group, member, false);
      case 'CompletingRebalance':
        // The member lost the JoinGroup answer: give it again, unless its metadata changed.
        if (unchanged) return Promise.resolve(this.joinAnswer(group, member));
        return this.awaitJoin(group, member, true);
      case 'Stable':
        // A follower that rejoins with the same metadata gets the current generation; the leader
        // (or a member with new metadata) starts a rebalance, as in Kafka.
        if (unchanged && member.memberId !== group.leaderId) {
          this.renewSession(group, member);
          return Promise.resolve(this.joinAnswer(group, member));
        }
        return this.awaitJoin(group, member, true);
      case 'Empty':
        return fail(ErrorCode.UNKNOWN_MEMBER_ID);
    }
  }

  sync(
    groupId: string,
    generationId: number,
    memberId: string,
    assignments: { memberId: string; assignment: Buffer }[],
  ): Promise<SyncResponse> {
    const group = this.groups.get(groupId);
    const member = group?.members.get(memberId);
    if (!group || !member)
      return Promise.resolve({ errorCode: ErrorCode.UNKNOWN_MEMBER_ID, assignment: EMPTY });
    if (generationId !== group.generationId)
      return Promise.resolve({ errorCode: ErrorCode.ILLEGAL_GENERATION, assignment: EMPTY });
    switch (group.state) {
      case 'Empty':
        return Promise.resolve({ errorCode: ErrorCode.UNKNOWN_MEMBER_ID, assignment: EMPTY });
      case 'PreparingRebalance':
        return Promise.resolve({ errorCode: ErrorCode.REBALANCE_IN_PROGRESS, assignment: EMPTY });
      case 'Stable':
        this.renewSession(group, member);
        return Promise.resolve({ errorCode: ErrorCode.NONE, assignment: member.assignment });
      case 'CompletingRebalance': {
        this.renewSession(group, member);
        const answer = new Promise<SyncResponse>((resolve) => {
          member.awaitingSync = resolve;
        });
        if (memberId === group.leaderId) {
          const byMember = new Map(assignments.map((a) => [a.memberId, a.assignment]));
          for (const m of group.members.values()) m.assignment = byMember.get(m.memberId) ?? EMPTY;
          group.state = 'Stable';
          for (const m of group.members.values()) {
            const waiting = m.awaitingSync;
            m.awaitingSync = null;
            waiting?.({ errorCode: ErrorCode.NONE, assignment: m.assignment });
          }
        }
        return answer;
      }
    }
  }

  heartbeat(groupId: string, generationId: number, memberId: string): ErrorCode {
    const group = this.groups.get(groupId);
    const member = group?.members.get(memberId);
    if (!group || !member) return ErrorCode.UNKNOWN_MEMBER_ID;
    if (generationId !== group.generationId) return ErrorCode.ILLEGAL_GENERATION;
    this.renewSession(group, member);
    return group.state === 'PreparingRebalance' ? ErrorCode.REBALANCE_IN_PROGRESS : ErrorCode.NONE;
  }

  leave(groupId: string, memberIds: string[]): ErrorCode[] {
    const group = this.groups.get(groupId);
    return memberIds.map((memberId) => {
      const member = group?.members.get(memberId);
      if (!group || !member) return ErrorCode.UNKNOWN_MEMBER_ID;
      this.removeMember(group, member);
      return ErrorCode.NONE;
    });
  }

  /** OffsetCommit checks, in Kafka's order; NONE means the offsets may be stored. */
  commitCheck(groupId: string, generationId: number, memberId: string): ErrorCode {
    const group = this.groups.get(groupId);
    if (!groupId) return ErrorCode.INVALID_GROUP_ID;
    if (!group) return generationId < 0 ? ErrorCode.NONE : ErrorCode.UNKNOWN_MEMBER_ID;
    if (generationId < 0 && group.state === 'Empty') return ErrorCode.NONE;
    if (group.state === 'CompletingRebalance') return ErrorCode.REBALANCE_IN_PROGRESS;
    const member = group.members.get(memberId);
    if (!member) return ErrorCode.UNKNOWN_MEMBER_ID;
    if (generationId !== group.generationId) return ErrorCode.ILLEGAL_GENERATION;
    this.renewSession(group, member);
    return ErrorCode.NONE;
  }

  commit(groupId: string, topic: string, partition: number, offset: CommittedOffset): void {
    const group = this.groups.get(groupId) ?? this.create(groupId);
    group.offsets.set(offsetKey(topic, partition), offset);
  }

  committed(groupId: string, topic: string, partition: number): CommittedOffset | undefined {
    return this.groups.get(groupId)?.offsets.get(offsetKey(topic, partition));
  }

  allCommitted(groupId: string): { topic: string; partition: number; committed: CommittedOffset }[] {
    const group = this.groups.get(groupId);
    if (!group) return [];
    return [...group.offsets.entries()].map(([key, committed]) => {
      const [topic, partition] = key.split('\u0000');
      return { topic: topic!, partition: Number(partition), committed };
    });
  }

  deleteTopicOffsets(topic: string): void {
    for (const group of this.groups.values()) {
      for (const key of [...group.offsets.keys()])
        if (key.startsWith(`${topic}\u0000`)) group.offsets.delete(key);
    }
  }

  /** Stops every timer and answers every waiting request (the broker is stopping). */
  shutdown(): void {
    for (const group of this.groups.values()) {
      if (group.joinTimer) clearTimeout(group.joinTimer);
      for (const timer of group.pendingMembers.values()) clearTimeout(timer);
      for (const member of group.members.values()) {
        if (member.sessionTimer) clearTimeout(member.sessionTimer);
        member.awaitingJoin?.(this.failedJoin(member.memberId, ErrorCode.COORDINATOR_NOT_AVAILABLE));
        member.awaitingSync?.({ errorCode: ErrorCode.COORDINATOR_NOT_AVAILABLE, assignment: EMPTY });
      }
    }
    this.groups.clear();
  }

  private create(groupId: string): Group {
    const group = new Group(groupId);
    this.groups.set(groupId, group);
    return group;
  }

  private supports(group: Group, request: JoinRequest): boolean {
    if (request.protocolType !== group.protocolType || request.protocols.length === 0) return false;
    const names = new Set(request.protocols.map((p) => p.name));
    return this.candidates(group).some((name) => names.has(name));
  }

  /** Protocols every current member supports. */
  private candidates(group: Group): string[] {
    const members = [...group.members.values()];
    if (members.length === 0) return [];
    return members[0]!.protocols
      .map((p) => p.name)
      .filter((name) => members.every((m) => m.protocols.some((p) => p.name === name)));
  }

  /** Each member votes for its most preferred protocol among those all support (as Kafka does). */
  private selectProtocol(group: Group): string {
    const candidates = new Set(this.candidates(group));
    const votes = new Map<string, number>();
    for (const member of group.members.values()) {
      const choice = member.protocols.find((p) => candidates.has(p.name))!.name;
      votes.set(choice, (votes.get(choice) ?? 0) + 1);
    }
    return [...votes.entries()].sort((a, b) => b[1] - a[1])[0]![0];
  }

  private awaitJoin(group: Group, member: Member, rebalance: boolean): Promise<JoinResponse> {
    const answer = new Promise<JoinResponse>((resolve) => {
      member.awaitingJoin = resolve;
    });
    // While its JoinGroup waits, the member's session is not counted (the rebalance timeout is).
    if (member.sessionTimer) clearTimeout(member.sessionTimer);
    member.sessionTimer = null;
    if (rebalance || group.state !== 'PreparingRebalance') this.prepareRebalance(group);
    else this.tryCompleteJoin(group);
    return answer;
  }

  private prepareRebalance(group: Group): void {
    if (group.state === 'CompletingRebalance') {
      for (const member of group.members.values()) {
        member.assignment = EMPTY;
        const waiting = member.awaitingSync;
        member.awaitingSync = null;
        waiting?.({ errorCode: ErrorCode.REBALANCE_IN_PROGRESS, assignment: EMPTY });
      }
    }
    if (group.state !== 'PreparingRebalance') {
      group.state = 'PreparingRebalance';
      // Members get the largest rebalance timeout among them to rejoin (group.initial.rebalance.delay.ms is 0 here).
      const rebalanceTimeout = Math.max(0, ...[...group.members.values()].map((m) => m.rebalanceTimeoutMs));
      if (group.joinTimer) clearTimeout(group.joinTimer);
      group.joinTimer = this.timer(rebalanceTimeout, () => this.completeJoin(group, true));
    }
    this.tryCompleteJoin(group);
  }

  private tryCompleteJoin(group: Group): void {
    if (group.state !== 'PreparingRebalance') return;
    const allJoined =
      [...group.members.values()].every((m) => m.awaitingJoin !== null) && group.pendingMembers.size === 0;
    if (allJoined) this.completeJoin(group, false);
  }

  private completeJoin(group: Group, deadline: boolean): void {
    if (group.state !== 'PreparingRebalance') return;
    if (group.joinTimer) clearTimeout(group.joinTimer);
    group.joinTimer = null;
    if (deadline) {
      // The rebalance timeout passed: members that did not rejoin are out.
      for (const member of [...group.members.values()])
        if (!member.awaitingJoin) this.dropMember(group, member);
      for (const timer of group.pendingMembers.values()) clearTimeout(timer);
      group.pendingMembers.clear();
    }
    group.generationId += 1;
    if (group.members.size === 0) {
      group.state = 'Empty';
      group.protocolName = null;
      group.leaderId = null;
      return;
    }
    group.protocolName = this.selectProtocol(group);
    if (!group.leaderId || !group.members.has(group.leaderId))
      group.leaderId = group.members.keys().next().value!;
    group.state = 'CompletingRebalance';
    for (const member of group.members.values()) {
      const waiting = member.awaitingJoin;
      member.awaitingJoin = null;
      this.renewSession(group, member);
      waiting?.(this.joinAnswer(group, member));
    }
  }

  private joinAnswer(group: Group, member: Member): JoinResponse {
    const leader = member.memberId === group.leaderId;
    return {
      errorCode: ErrorCode.NONE,
      generationId: group.generationId,
      protocolName: group.protocolName ?? '',
      leader: group.leaderId ?? '',
      memberId: member.memberId,
      members: leader
        ? [...group.members.values()].map((m) => ({
            memberId: m.memberId,
            groupInstanceId: m.groupInstanceId,
            metadata: m.protocols.find((p) => p.name === group.protocolName)!.metadata,
          }))
        : [],
    };
  }

  private failedJoin(memberId: string, errorCode: ErrorCode): JoinResponse {
    return { errorCode, generationId: -1, protocolName: '', leader: '', memberId, members: [] };
  }

  private renewSession(group: Group, member: Member): void {
    if (member.sessionTimer) clearTimeout(member.sessionTimer);
    member.sessionTimer = this.timer(member.sessionTimeoutMs, () => {
      member.sessionTimer = null;
      if (group.members.get(member.memberId) === member && !member.awaitingJoin)
        this.removeMember(group, member);
    });
  }

  /** Takes a member out and rebalances the rest (a leave, or an expired session). */
  private removeMember(group: Group, member: Member): void {
    this.dropMember(group, member);
    member.awaitingJoin?.(this.failedJoin(member.memberId, ErrorCode.UNKNOWN_MEMBER_ID));
    member.awaitingJoin = null;
    if (group.state === 'Stable' || group.state === 'CompletingRebalance') this.prepareRebalance(group);
    else this.tryCompleteJoin(group);
  }

  private dropMember(group: Group, member: Member): void {
    if (member.sessionTimer) clearTimeout(member.sessionTimer);
    member.sessionTimer = null;
    group.members.delete(member.memberId);
    const waiting = member.awaitingSync;
    member.awaitingSync = null;
    waiting?.({ errorCode: ErrorCode.UNKNOWN_MEMBER_ID, assignment: EMPTY });
    if (group.leaderId === member.memberId) group.leaderId = null;
  }

  private timer(ms: number, run: () => void): NodeJS.Timeout {
    const timer = setTimeout(run, ms);
    timer.unref();
    return timer;
  }
}
