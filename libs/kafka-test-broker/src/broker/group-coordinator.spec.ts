import { ErrorCode } from './errors';
import { GroupCoordinator, type JoinRequest } from './group-coordinator';

const SESSION_MS = 10_000;
const REBALANCE_MS = 30_000;
const meta = (s: string) => Buffer.from(s);

function request(memberId: string, overrides: Partial<JoinRequest> = {}): JoinRequest {
  return {
    groupId: 'g',
    sessionTimeoutMs: SESSION_MS,
    rebalanceTimeoutMs: REBALANCE_MS,
    memberId,
    groupInstanceId: null,
    protocolType: 'consumer',
    protocols: [{ name: 'RoundRobinAssigner', metadata: meta(`m-${memberId}`) }],
    clientId: 'client',
    clientHost: '127.0.0.1',
    requireKnownMemberId: true,
    ...overrides,
  };
}

/** KIP-394: the first JoinGroup hands out the member id, the second joins with it. */
async function newMember(groups: GroupCoordinator, overrides: Partial<JoinRequest> = {}) {
  const first = await groups.join(request('', overrides));
  expect(first.errorCode).toBe(ErrorCode.MEMBER_ID_REQUIRED);
  expect(first.memberId).toMatch(/^client-/);
  return { memberId: first.memberId, joined: groups.join(request(first.memberId, overrides)) };
}

describe('group coordinator (classic protocol)', () => {
  let groups: GroupCoordinator;

  beforeEach(() => {
    jest.useFakeTimers();
    groups = new GroupCoordinator({ minSessionTimeoutMs: 6_000, maxSessionTimeoutMs: 1_800_000 });
  });

  afterEach(() => {
    groups.shutdown();
    jest.useRealTimers();
  });

  /** One member, leader of generation 1, Stable with its assignment. */
  async function stableSolo() {
    const a = await newMember(groups);
    const joined = await a.joined;
    expect(joined).toMatchObject({
      errorCode: ErrorCode.NONE,
      generationId: 1,
      leader: a.memberId,
      protocolName: 'RoundRobinAssigner',
    });
    expect(joined.members).toEqual([
      { memberId: a.memberId, groupInstanceId: null, metadata: meta(`m-${a.memberId}`) },
    ]);
    expect(
      await groups.sync('g', 1, a.memberId, [{ memberId: a.memberId, assignment: meta('all') }]),
    ).toEqual({ errorCode: ErrorCode.NONE, assignment: meta('all') });
    expect(groups.state('g')).toEqual({ state: 'Stable', generationId: 1, members: 1 });
    return a.memberId;
  }

  it('elects the first member leader and passes its assignment through SyncGroup', async () => {
    const a = await stableSolo();
    expect(groups.heartbeat('g', 1, a)).toBe(ErrorCode.NONE);
  });

  it('rebalances when a member joins: REBALANCE_IN_PROGRESS on heartbeat, leader gets every member, followers their part', async () => {
    const a = await stableSolo();
    const b = await newMember(groups);
    expect(groups.state('g')?.state).toBe('PreparingRebalance');
    expect(groups.heartbeat('g', 1, a)).toBe(ErrorCode.REBALANCE_IN_PROGRESS);

    const leaderJoin = await groups.join(request(a));
    const followerJoin = await b.joined;
    expect(leaderJoin.generationId).toBe(2);
    expect(leaderJoin.members.map((m) => m.memberId).sort()).toEqual([a, b.memberId].sort());
    expect(followerJoin).toMatchObject({
      errorCode: ErrorCode.NONE,
      generationId: 2,
      leader: a,
      members: [],
    });

    // The follower's SyncGroup waits for the leader's.
    const followerSync = groups.sync('g', 2, b.memberId, []);
    const leaderSync = await groups.sync('g', 2, a, [
      { memberId: a, assignment: meta('p0') },
      { memberId: b.memberId, assignment: meta('p1') },
    ]);
    expect(leaderSync.assignment).toEqual(meta('p0'));
    expect(await followerSync).toEqual({ errorCode: ErrorCode.NONE, assignment: meta('p1') });
    expect(groups.state('g')).toEqual({ state: 'Stable', generationId: 2, members: 2 });
    expect(groups.heartbeat('g', 1, a)).toBe(ErrorCode.ILLEGAL_GENERATION);
  });

  it('removes a member whose session expires and rebalances the others', async () => {
    const a = await stableSolo();
    const b = await newMember(groups);
    await groups.join(request(a));
    await b.joined;
    await groups.sync('g', 2, a, []);
    await groups.sync('g', 2, b.memberId, []);

    // a keeps heartbeating, b goes silent.
    for (let elapsed = 0; elapsed <= SESSION_MS; elapsed += 3_000) {
      expect(groups.heartbeat('g', 2, a)).toBe(ErrorCode.NONE);
      jest.advanceTimersByTime(3_000);
    }
    expect(groups.heartbeat('g', 2, b.memberId)).toBe(ErrorCode.UNKNOWN_MEMBER_ID);
    expect(groups.heartbeat('g', 2, a)).toBe(ErrorCode.REBALANCE_IN_PROGRESS);
    expect((await groups.join(request(a))).generationId).toBe(3);
    expect(groups.state('g')).toEqual({ state: 'CompletingRebalance', generationId: 3, members: 1 });
  });

  it('rebalances on LeaveGroup, and an empty group goes back to Empty', async () => {
    const a = await stableSolo();
    expect(groups.leave('g', [a, 'nobody'])).toEqual([ErrorCode.NONE, ErrorCode.UNKNOWN_MEMBER_ID]);
    expect(groups.state('g')).toEqual({ state: 'Empty', generationId: 2, members: 0 });
  });

  it('drops members that do not rejoin within the rebalance timeout', async () => {
    const a = await stableSolo();
    const b = await newMember(groups);
    expect(groups.heartbeat('g', 1, a)).toBe(ErrorCode.REBALANCE_IN_PROGRESS);
    jest.advanceTimersByTime(REBALANCE_MS);
    const joined = await b.joined;
    expect(joined).toMatchObject({ errorCode: ErrorCode.NONE, generationId: 2, leader: b.memberId });
    expect(joined.members.map((m) => m.memberId)).toEqual([b.memberId]);
    expect(groups.heartbeat('g', 1, a)).toBe(ErrorCode.UNKNOWN_MEMBER_ID);
  });

  it('answers a follower that rejoins a stable group with the same metadata without a rebalance', async () => {
    const a = await stableSolo();
    const b = await newMember(groups);
    await groups.join(request(a));
    await b.joined;
    await groups.sync('g', 2, a, []);
    expect(await groups.join(request(b.memberId))).toMatchObject({
      errorCode: ErrorCode.NONE,
      generationId: 2,
      members: [],
    });
    expect(groups.state('g')?.state).toBe('Stable');
  });

  it('refuses bad joins as Kafka does', async () => {
    expect((await groups.join(request('', { sessionTimeoutMs: 1_000 }))).errorCode).toBe(
      ErrorCode.INVALID_SESSION_TIMEOUT,
    );
    expect((await groups.join(request('', { groupId: '' }))).errorCode).toBe(ErrorCode.INVALID_GROUP_ID);
    expect((await groups.join(request('made-up'))).errorCode).toBe(ErrorCode.UNKNOWN_MEMBER_ID);
    await stableSolo();
    const other = await groups.join(
      request('', { protocols: [{ name: 'OtherAssigner', metadata: meta('x') }] }),
    );
    expect(other.errorCode).toBe(ErrorCode.INCONSISTENT_GROUP_PROTOCOL);
  });

  it('checks offset commits: members of the current generation, or anyone while the group is empty', async () => {
    expect(groups.commitCheck('fresh', -1, '')).toBe(ErrorCode.NONE);
    expect(groups.commitCheck('fresh', 3, 'someone')).toBe(ErrorCode.UNKNOWN_MEMBER_ID);
    const a = await stableSolo();
    expect(groups.commitCheck('g', 1, a)).toBe(ErrorCode.NONE);
    expect(groups.commitCheck('g', 0, a)).toBe(ErrorCode.ILLEGAL_GENERATION);
    expect(groups.commitCheck('g', -1, '')).toBe(ErrorCode.UNKNOWN_MEMBER_ID);
    groups.commit('g', 't', 0, { offset: 42n, metadata: '' });
    expect(groups.committed('g', 't', 0)).toEqual({ offset: 42n, metadata: '' });
    expect(groups.allCommitted('g')).toEqual([
      { topic: 't', partition: 0, committed: { offset: 42n, metadata: '' } },
    ]);
  });
});
