import { MemorySubmissionBudget } from './submission-budget';

describe('MemorySubmissionBudget', () => {
  it('counts distinct submissions: repeats of one share its place, a new one past the limit is refused', async () => {
    let now = 1_000;
    const budget = new MemorySubmissionBudget({ limit: 2, windowMs: 60_000 }, () => now);
    const first = await budget.take('a', 'k1');
    expect(first).toMatchObject({ allowed: true, count: 1, retryAfterMs: 60_000 });
    // Ten posts of the same submission at once: none is refused, one place.
    const repeats = await Promise.all(Array.from({ length: 10 }, () => budget.take('a', 'k1')));
    expect(repeats.every((ticket) => ticket.allowed && ticket.count === 1)).toBe(true);
    await budget.settle(first, 'stored');
    for (const ticket of repeats) await budget.settle(ticket, 'not-stored');
    await expect(budget.take('a', 'k2')).resolves.toMatchObject({ allowed: true, count: 2 });
    now += 10_000;
    await expect(budget.take('a', 'k3')).resolves.toMatchObject({
      allowed: false,
      count: 3,
      retryAfterMs: 50_000,
    });
    await expect(budget.take('b', 'k3')).resolves.toMatchObject({ allowed: true, count: 1 });
    now += 50_000;
    await expect(budget.take('a', 'k3')).resolves.toMatchObject({ allowed: true, count: 1 });
  });

  it('gives a place back when no post of it stored the submission', async () => {
    const budget = new MemorySubmissionBudget({ limit: 1, windowMs: 60_000 }, () => 1_000);
    const refused = await budget.take('a', 'k1');
    await budget.settle(refused, 'not-stored');
    const stored = await budget.take('a', 'k2');
    expect(stored).toMatchObject({ allowed: true, count: 1 });
    await budget.settle(stored, 'stored');
    await expect(budget.take('a', 'k3')).resolves.toMatchObject({ allowed: false });
  });

  it('keeps the place of a submission stored by one of its posts, whichever post ends last', async () => {
    const budget = new MemorySubmissionBudget({ limit: 1, windowMs: 60_000 }, () => 1_000);
    const [a, b] = [await budget.take('a', 'k1'), await budget.take('a', 'k1')];
    // The post that stored it ends first; the other one, a repeat, after it.
    await budget.settle(b, 'stored');
    await budget.settle(a, 'not-stored');
    await expect(budget.take('a', 'k2')).resolves.toMatchObject({ allowed: false });
    // A later repeat of the stored submission is not refused and leaves it counted.
    const again = await budget.take('a', 'k1');
    expect(again).toMatchObject({ allowed: true, count: 1 });
    await budget.settle(again, 'not-stored');
    await expect(budget.take('a', 'k2')).resolves.toMatchObject({ allowed: false });
  });

  it('settles nothing for a refused ticket or one of a window that has ended', async () => {
    let now = 1_000;
    const budget = new MemorySubmissionBudget({ limit: 1, windowMs: 60_000 }, () => now);
    const held = await budget.take('a', 'k1');
    const refused = await budget.take('a', 'k2');
    await budget.settle(refused, 'not-stored');
    await expect(budget.take('a', 'k2')).resolves.toMatchObject({ allowed: false });
    now += 60_000;
    await budget.settle(held, 'stored');
    await expect(budget.take('a', 'k2')).resolves.toMatchObject({ allowed: true, count: 1 });
  });
});
