import { ISLAND_ATTRIBUTE, type IslandContext } from '../app/island-marker';
import {
  type IslandModule,
  type IslandRegistry,
  loadIsland,
  mountIslands,
  preloadIslands,
  resetIslandsForTests,
} from './islands';

/** Just enough of an element and a document for the runtime: no DOM library in unit tests. */
function fakeElement(island: string): HTMLElement {
  return {
    getAttribute: (name: string) => (name === ISLAND_ATTRIBUTE ? island : null),
  } as unknown as HTMLElement;
}

function fakeRoot(elements: HTMLElement[]): ParentNode {
  return {
    querySelectorAll: (selector: string) => {
      expect(selector).toBe(`[${ISLAND_ATTRIBUTE}]`);
      return elements;
    },
  } as unknown as ParentNode;
}

const context = { locale: { code: 'pl-PL' }, today: '2025-01-20' } as IslandContext;

function recordingIsland(): IslandModule & { mounted: HTMLElement[] } {
  const mounted: HTMLElement[] = [];
  return { mounted, mount: (element, ctx) => (expect(ctx).toBe(context), mounted.push(element)) };
}

describe('island runtime', () => {
  let log: { warn: jest.Mock };

  beforeEach(() => {
    resetIslandsForTests();
    log = { warn: jest.fn() };
  });

  it('loads each marked island once, in its own chunk, and mounts it on every marked element', async () => {
    const calculator = recordingIsland();
    const beacon = recordingIsland();
    const loads = { calculator: 0, beacon: 0, unused: 0 };
    const registry: IslandRegistry = {
      calculator: () => (loads.calculator++, Promise.resolve(calculator)),
      beacon: () => (loads.beacon++, Promise.resolve(beacon)),
      unused: () => (loads.unused++, Promise.resolve(recordingIsland())),
    };
    const [a, b, c] = [fakeElement('calculator'), fakeElement('calculator'), fakeElement('beacon')];
    await mountIslands(registry, context, fakeRoot([a, b, c]), log);
    expect(calculator.mounted).toEqual([a, b]);
    expect(beacon.mounted).toEqual([c]);
    expect(loads).toEqual({ calculator: 1, beacon: 1, unused: 0 }); // only what the page marks

    // The next page shown: the same islands attach again, with no second download.
    const d = fakeElement('calculator');
    await mountIslands(registry, context, fakeRoot([d]), log);
    expect(calculator.mounted).toEqual([a, b, d]);
    expect(loads.calculator).toBe(1);
    expect(log.warn).not.toHaveBeenCalled();
  });

  it('mounts an already loaded island synchronously, so a page shown in place is interactive as it appears', async () => {
    const calculator = recordingIsland();
    const registry: IslandRegistry = { calculator: () => Promise.resolve(calculator) };
    await preloadIslands(registry, log);
    const element = fakeElement('calculator');
    const done = mountIslands(registry, context, fakeRoot([element]), log);
    expect(calculator.mounted).toEqual([element]); // before awaiting
    await done;
  });

  it('keeps the page working when an island is unknown, fails to load or throws, and retries a failed download', async () => {
    const good = recordingIsland();
    let attempts = 0;
    const registry: IslandRegistry = {
      good: () => Promise.resolve(good),
      flaky: () =>
        ++attempts === 1 ? Promise.reject(new Error('chunk 404')) : Promise.resolve(recordingIsland()),
      broken: () =>
        Promise.resolve({
          mount: () => {
            throw new Error('boom');
          },
        }),
    };
    const elements = ['good', 'flaky', 'broken', 'missing', 'toString'].map(fakeElement);
    await expect(mountIslands(registry, context, fakeRoot(elements), log)).resolves.toBeUndefined();
    expect(good.mounted).toEqual([elements[0]]);
    const messages = log.warn.mock.calls.map(([message]) => message as string);
    expect(messages).toEqual(
      expect.arrayContaining([
        expect.stringContaining('"flaky"'),
        expect.stringContaining('"broken"'),
        expect.stringContaining('"missing"'),
        expect.stringContaining('"toString"'), // names are looked up as own keys only
      ]),
    );
    expect(messages).toHaveLength(4);
    await expect(loadIsland(registry, 'flaky', log)).resolves.not.toBeNull();
    expect(attempts).toBe(2);
  });
});
