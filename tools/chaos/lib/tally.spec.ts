import {
  StatusTally,
  WriteLedger,
  attemptOutcome,
  formatReport,
  passed,
  recoverySeconds,
  writeVerdict,
} from './tally.cjs';

describe('StatusTally', () => {
  it('counts requests and lists the non-2xx statuses in order, no answer as 0', () => {
    const tally = new StatusTally();
    for (const status of [200, 200, 503, 0, 204, 503, 429]) tally.add(status);
    expect(tally.requests).toBe(7);
    expect(tally.non2xx()).toEqual([
      [0, 1],
      [429, 1],
      [503, 2],
    ]);
  });
});

describe('attemptOutcome', () => {
  it.each([
    [202, 'stored'],
    [503, 'uncertain'],
    [502, 'uncertain'],
    [0, 'uncertain'],
    [429, 'busy'],
    [400, 'rejected'],
    [403, 'rejected'],
  ])('%i is %s', (status, outcome) => expect(attemptOutcome(status)).toBe(outcome));
});

describe('writeVerdict', () => {
  function ledger(entries: Array<[string, Array<'stored' | 'uncertain' | 'busy' | 'rejected'>, boolean?]>) {
    const l = new WriteLedger();
    for (const [marker, attempts, gaveUp] of entries) {
      l.begin(`key-${marker}`, marker);
      for (const attempt of attempts) l.record(`key-${marker}`, attempt);
      if (gaveUp) l.giveUp(`key-${marker}`);
    }
    return l.submissions.values();
  }

  it('finds nothing wrong when every confirmed write is stored once', () => {
    const verdict = writeVerdict(
      ledger([
        ['a', ['stored']],
        ['b', ['uncertain', 'uncertain', 'stored']],
      ]),
      new Map([
        ['a', 1],
        ['b', 1],
      ]),
    );
    expect(verdict).toMatchObject({
      submitted: 2,
      confirmed: 2,
      retried: 1,
      lost: 0,
      duplicated: 0,
      unconfirmed: 0,
    });
  });

  it('counts a confirmed write missing from the database as lost, and every extra row as duplicated', () => {
    const verdict = writeVerdict(
      ledger([
        ['a', ['stored']],
        ['b', ['uncertain', 'stored']],
      ]),
      new Map([['b', 3]]),
    );
    expect(verdict).toMatchObject({ lost: 1, duplicated: 2 });
  });

  it('keeps writes never confirmed apart, with whether they were stored', () => {
    const verdict = writeVerdict(
      ledger([
        ['a', ['uncertain', 'uncertain'], true],
        ['b', ['uncertain'], true],
        ['c', ['rejected']],
      ]),
      new Map([['a', 1]]),
    );
    expect(verdict).toMatchObject({
      unconfirmed: 2,
      unconfirmedStored: 1,
      rejected: 1,
      lost: 0,
      duplicated: 0,
    });
  });

  it('reports rows no submission made', () => {
    expect(writeVerdict(ledger([]), new Map([['z', 2]])).stray).toBe(2);
  });

  it('refuses to begin one submission twice', () => {
    const l = new WriteLedger();
    l.begin('k', 'm');
    expect(() => l.begin('k', 'm')).toThrow(/twice/);
  });
});

describe('recoverySeconds', () => {
  it('runs from the end of the fault to the later of readiness and the first stored write', () => {
    expect(
      recoverySeconds({ fault: 'stall', what: '', endedAt: 10_000, readyAt: 10_400, firstWriteAt: 11_500 }),
    ).toBe(1.5);
    expect(recoverySeconds({ fault: 'kill', what: '', endedAt: 10_000, readyAt: 12_000 })).toBe(2);
  });

  it('is undefined while the fault has not ended or its part is not ready', () => {
    expect(recoverySeconds({ fault: 'stall', what: '' })).toBeUndefined();
    expect(recoverySeconds({ fault: 'stall', what: '', endedAt: 1 })).toBeUndefined();
  });
});

describe('formatReport and passed', () => {
  const tally = new StatusTally();
  tally.add(200);
  tally.add(503);
  const clean = {
    submitted: 3,
    confirmed: 3,
    retried: 1,
    rejected: 0,
    unconfirmed: 0,
    unconfirmedStored: 0,
    lost: 0,
    duplicated: 0,
    stray: 0,
  };
  const faults = [
    { fault: 'stall', what: 'content stopped 8 s', endedAt: 0, readyAt: 300, firstWriteAt: 900 },
    { fault: 'postgres', what: 'embedded PostgreSQL restarted', skipped: 'DATABASE_URL is set' },
  ];

  it('prints requests, non-2xx by status, lost and duplicated writes and each recovery', () => {
    const text = formatReport({ tally, verdict: clean, faults, durationSeconds: 40, connections: 16 }).join(
      '\n',
    );
    expect(text).toContain('2 requests in 40 s over 16 connections; 1 not 2xx');
    expect(text).toContain('non-2xx by status: 503 × 1');
    expect(text).toContain('lost writes: 0   duplicated writes: 0');
    expect(text).toMatch(
      /stall +content stopped 8 s: recovered in 0\.9 s \(ready after 0\.3 s, first comment stored after 0\.9 s\)/,
    );
    expect(text).toMatch(/postgres +skipped: DATABASE_URL is set/);
  });

  it('passes only with something stored, nothing lost or doubled and every fault recovered', () => {
    expect(passed(clean, faults)).toBe(true);
    expect(passed({ ...clean, confirmed: 0, rejected: clean.confirmed }, faults)).toBe(false);
    expect(passed({ ...clean, duplicated: 1 }, faults)).toBe(false);
    expect(passed({ ...clean, lost: 1 }, faults)).toBe(false);
    expect(passed(clean, [{ fault: 'kill', what: 'rates killed', endedAt: 0 }])).toBe(false);
  });
});
