import { type Logger } from '@lib/observability';
import { type Redis } from 'ioredis';
import { type RateLimit, type RedisDownPolicy } from './rate-limiter';
import { ensureRedisConnected } from './redis-client';

/**
 * A client's place for one submission in a budget that counts stored submissions: `allowed` says
 * whether it may be stored; `settle` must follow once the outcome is known.
 */
export interface SubmissionTicket {
  allowed: boolean;
  /** Distinct submissions counted in the client's window, this one included. */
  count: number;
  /** Until the window ends (for Retry-After). */
  retryAfterMs: number;
  readonly client: string;
  readonly submission: string;
  /** Where it was counted, so the outcome is settled there even if Redis came back or went away since. */
  readonly countedIn: 'redis' | 'local' | 'nowhere';
}

/**
 * A budget of stored submissions per client: `limit` distinct submissions per `windowMs`, each
 * named by its idempotency key. Posts of one submission share one place, so repeats of a form (a
 * double click, a reload, ten identical posts at once) are never refused for each other, and a
 * place stays taken only for a submission that was stored: a refused post, a post whose outcome is
 * unknown and the repeat of a submission stored before the window all give theirs back.
 *
 * Why places per submission rather than a counter: a counter is hit before the outcome is known,
 * so concurrent repeats spend it and are refused although only one record is stored; checking
 * without spending and counting after the store lets a burst of different posts all pass the
 * check. Here the check and the place are one atomic step, and repeats of the place cost nothing.
 */
export interface SubmissionBudget {
  take(client: string, submission: string): Promise<SubmissionTicket>;
  /**
   * The outcome of an allowed ticket: `stored` when this post stored the submission. The place is
   * kept while any post of the submission is in flight or once one stored it; given back otherwise.
   */
  settle(ticket: SubmissionTicket, outcome: 'stored' | 'not-stored'): Promise<void>;
}

/*
 * A place's state, one integer: posts in flight × 2, plus 1 once a post stored it. Zero: given back.
 */
const IN_FLIGHT = 2;
const STORED = 1;

/** The state after one post of the place ended; undefined: the place is given back. */
function afterSettle(state: number, outcome: 'stored' | 'not-stored'): number | undefined {
  let next = state - IN_FLIGHT;
  if (outcome === 'stored') next |= STORED;
  return next > 0 ? next : undefined;
}

/** Places in process (one replica, Redis unset, or a `local` budget while Redis fails); ended windows are swept. */
export class MemorySubmissionBudget implements SubmissionBudget {
  private readonly windows = new Map<string, { endsAt: number; places: Map<string, number> }>();

  constructor(
    private readonly rule: RateLimit,
    private readonly now: () => number = Date.now,
  ) {}

  take(client: string, submission: string): Promise<SubmissionTicket> {
    const now = this.now();
    let window = this.windows.get(client);
    if (!window || window.endsAt <= now) {
      // Bounded memory: a burst of distinct addresses cannot keep old windows alive.
      if (this.windows.size > 10_000)
        for (const [k, w] of this.windows) if (w.endsAt <= now) this.windows.delete(k);
      window = { endsAt: now + this.rule.windowMs, places: new Map() };
      this.windows.set(client, window);
    }
    const base = { client, submission, retryAfterMs: window.endsAt - now, countedIn: 'local' as const };
    const state = window.places.get(submission);
    if (state !== undefined) {
      window.places.set(submission, state + IN_FLIGHT);
      return Promise.resolve({ ...base, allowed: true, count: window.places.size });
    }
    if (window.places.size >= this.rule.limit)
      return Promise.resolve({ ...base, allowed: false, count: window.places.size + 1 });
    window.places.set(submission, IN_FLIGHT);
    return Promise.resolve({ ...base, allowed: true, count: window.places.size });
  }

  settle(ticket: SubmissionTicket, outcome: 'stored' | 'not-stored'): Promise<void> {
    if (!ticket.allowed) return Promise.resolve();
    const window = this.windows.get(ticket.client);
    const state = window && window.endsAt > this.now() ? window.places.get(ticket.submission) : undefined;
    // No post in flight there: the window this ticket was taken in has ended.
    if (window && state !== undefined && state >= IN_FLIGHT) {
      const next = afterSettle(state, outcome);
      if (next === undefined) window.places.delete(ticket.submission);
      else window.places.set(ticket.submission, next);
    }
    return Promise.resolve();
  }
}

/**
 * One hash per client and window (`<prefix><client>`, field per submission key, PEXPIRE NX when
 * the window starts): the check of the limit and the place are one script, so concurrent posts of
 * different submissions cannot all pass a check together.
 */
const TAKE_SCRIPT = `local state = redis.call('HGET', KEYS[1], ARGV[1])
if state then
  redis.call('HINCRBY', KEYS[1], ARGV[1], ${IN_FLIGHT})
  return {1, redis.call('HLEN', KEYS[1]), redis.call('PTTL', KEYS[1])}
end
local count = redis.call('HLEN', KEYS[1])
if count >= tonumber(ARGV[2]) then
  return {0, count + 1, redis.call('PTTL', KEYS[1])}
end
redis.call('HSET', KEYS[1], ARGV[1], ${IN_FLIGHT})
redis.call('PEXPIRE', KEYS[1], ARGV[3], 'NX')
return {1, count + 1, redis.call('PTTL', KEYS[1])}`;

/** The same rule as afterSettle; nothing when no post of the place is in flight (its window ended). */
const SETTLE_SCRIPT = `local state = tonumber(redis.call('HGET', KEYS[1], ARGV[1]))
if not state or state < ${IN_FLIGHT} then return 0 end
local after = state - ${IN_FLIGHT}
if ARGV[2] == 'stored' and after % 2 == 0 then after = after + ${STORED} end
if after > 0 then redis.call('HSET', KEYS[1], ARGV[1], after) else redis.call('HDEL', KEYS[1], ARGV[1]) end
return after`;

const OUTAGE_WORDS: Record<RedisDownPolicy, string> = {
  local: 'counting in process',
  open: 'letting every submission through',
  closed: 'refusing every submission',
};

/**
 * Shared across replicas in Redis; while Redis fails, the budget's RedisDownPolicy decides (as for
 * RedisRateLimiter). The client is one from createRedisClient (lazy, fail-fast).
 */
export class RedisSubmissionBudget implements SubmissionBudget {
  private readonly fallback: MemorySubmissionBudget;
  private degraded = false;

  constructor(
    private readonly redis: Redis,
    private readonly rule: RateLimit,
    private readonly logger: Logger,
    /** Prepended to every client key, e.g. 'gateway:rate:form-comments:'. */
    private readonly prefix: string,
    /** Names the budget in its log lines. */
    private readonly label: string,
    private readonly whenRedisDown: RedisDownPolicy,
  ) {
    this.fallback = new MemorySubmissionBudget(rule);
  }

  async take(client: string, submission: string): Promise<SubmissionTicket> {
    try {
      await ensureRedisConnected(this.redis);
      const answer = (await this.redis.eval(
        TAKE_SCRIPT,
        1,
        `${this.prefix}${client}`,
        submission,
        this.rule.limit,
        this.rule.windowMs,
      )) as [number, number, number];
      if (this.degraded) this.logger.info(`${this.label} back on redis`);
      this.degraded = false;
      const [allowed, count, ttl] = answer.map(Number) as [number, number, number];
      return {
        allowed: allowed === 1,
        count,
        retryAfterMs: ttl > 0 ? ttl : this.rule.windowMs,
        client,
        submission,
        countedIn: 'redis',
      };
    } catch (error) {
      if (!this.degraded)
        this.logger.warn(
          { err: error, whenRedisDown: this.whenRedisDown },
          `${this.label}: redis unavailable, ${OUTAGE_WORDS[this.whenRedisDown]}`,
        );
      this.degraded = true;
      const nowhere = { client, submission, count: 0, countedIn: 'nowhere' as const };
      switch (this.whenRedisDown) {
        case 'local':
          return this.fallback.take(client, submission);
        case 'open':
          return { ...nowhere, allowed: true, retryAfterMs: 0 };
        case 'closed':
          return { ...nowhere, allowed: false, retryAfterMs: this.rule.windowMs };
      }
    }
  }

  async settle(ticket: SubmissionTicket, outcome: 'stored' | 'not-stored'): Promise<void> {
    if (!ticket.allowed || ticket.countedIn === 'nowhere') return;
    if (ticket.countedIn === 'local') return this.fallback.settle(ticket, outcome);
    try {
      await ensureRedisConnected(this.redis);
      await this.redis.eval(SETTLE_SCRIPT, 1, `${this.prefix}${ticket.client}`, ticket.submission, outcome);
    } catch (error) {
      // The place stays taken until its window ends: one submission too many, not worth more than a debug line.
      this.logger.debug({ err: error }, `${this.label}: could not settle a submission`);
    }
  }
}
