import { viewCounterBehaviour } from '../../test/support/view-counter-behaviour';
import { VISIT_WINDOW_MS } from '../domain/article-views';
import { MemoryViewCounter } from './memory-view-counter';

describe('MemoryViewCounter', () => {
  viewCounterBehaviour(() => Promise.resolve(new MemoryViewCounter()));
});

describe('MemoryViewCounter: the visit window', () => {
  it('counts the same session again once the visit window has passed', async () => {
    let now = 1_000_000;
    const counter = new MemoryViewCounter({ now: () => now });
    expect(await counter.record('placa-minimalna', 'session-1')).toEqual({ counted: true, pending: 1 });
    now += VISIT_WINDOW_MS - 1_000;
    expect(await counter.record('placa-minimalna', 'session-1')).toEqual({ counted: false, pending: 1 });
    now += 2_000;
    expect(await counter.record('placa-minimalna', 'session-1')).toEqual({ counted: true, pending: 2 });
  });
});
