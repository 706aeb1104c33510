import { randomUUID } from 'node:crypto';
import { type ViewCounter } from '../../src/persistence/view-counter';

/**
 * What every ViewCounter does, declared once and run against each: the memory counter in its unit
 * spec, the Redis counter in test/view-counters.int.spec.ts.
 */
export function viewCounterBehaviour(make: () => Promise<ViewCounter>): void {
  let counter: ViewCounter;
  beforeEach(async () => {
    counter = await make();
  });
  afterEach(async () => {
    await counter.close();
  });

  it('counts a visit once per session and every anonymous view', async () => {
    const session = randomUUID();
    expect(await counter.record('placa-minimalna', session)).toEqual({ counted: true, pending: 1 });
    expect(await counter.record('placa-minimalna', session)).toEqual({ counted: false, pending: 1 });
    expect(await counter.record('placa-minimalna', randomUUID())).toEqual({ counted: true, pending: 2 });
    expect(await counter.record('placa-minimalna', undefined)).toEqual({ counted: true, pending: 3 });
    expect(await counter.record('kredyt-w-play', session)).toEqual({ counted: true, pending: 1 });
  });

  it('hands pending counts to the writer once, then starts again from zero', async () => {
    await counter.record('a', undefined);
    await counter.record('a', undefined);
    await counter.record('b', undefined);
    const batches: Record<string, number>[] = [];
    await expect(
      counter.flush((counts) => Promise.resolve(void batches.push(Object.fromEntries(counts)))),
    ).resolves.toBe(3);
    expect(batches).toEqual([{ a: 2, b: 1 }]);
    await expect(counter.flush(() => Promise.reject(new Error('nothing should be written')))).resolves.toBe(
      0,
    );
    expect(await counter.record('a', undefined)).toEqual({ counted: true, pending: 1 });
  });

  it('keeps counts pending when the write fails, adding views counted meanwhile', async () => {
    await counter.record('a', undefined);
    await expect(
      counter.flush(async () => {
        await counter.record('a', undefined);
        throw new Error('PostgreSQL is away');
      }),
    ).rejects.toThrow('PostgreSQL is away');
    const batches: Record<string, number>[] = [];
    await counter.flush((counts) => Promise.resolve(void batches.push(Object.fromEntries(counts))));
    expect(batches).toEqual([{ a: 2 }]);
  });
}
