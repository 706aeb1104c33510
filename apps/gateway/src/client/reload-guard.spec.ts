import { RELOAD_GUARD_MS, claimReload } from './reload-guard';

describe('reload guard (once per 10 s per path)', () => {
  it('allows one full load per path per 10 seconds', () => {
    expect(RELOAD_GUARD_MS).toBe(10_000);
    expect(claimReload('/o-nas/', 1_000)).toBe(true);
    expect(claimReload('/o-nas/', 5_000)).toBe(false);
    expect(claimReload('/o-nas/', 10_999)).toBe(false);
    expect(claimReload('/kontakt/', 5_000)).toBe(true);
    expect(claimReload('/o-nas/', 11_000)).toBe(true);
    expect(claimReload('/o-nas/', 12_000)).toBe(false);
  });
});

describe('reload guard across page loads', () => {
  const globals = globalThis as unknown as { window?: unknown };
  afterEach(() => {
    delete globals.window;
  });

  /** A module instance as a freshly loaded page has it (nothing in memory). */
  function freshPage(): typeof import('./reload-guard') {
    let loaded: typeof import('./reload-guard') | undefined;
    jest.isolateModules(() => {
      loaded = jest.requireActual<typeof import('./reload-guard')>('./reload-guard');
    });
    return loaded!;
  }

  it('remembers a reload in sessionStorage, so the reloaded page cannot reload the same path again at once', () => {
    const stored = new Map<string, string>();
    globals.window = {
      sessionStorage: {
        getItem: (key: string) => stored.get(key) ?? null,
        setItem: (key: string, value: string) => void stored.set(key, value),
      },
    };
    expect(freshPage().claimReload('/kalkulator/', 50_000)).toBe(true);
    expect(stored.get('reload-guard:/kalkulator/')).toBe('50000');
    // After the full load: a chunk of the new page fails too → no second reload within 10 s.
    expect(freshPage().claimReload('/kalkulator/', 55_000)).toBe(false);
    expect(freshPage().claimReload('/kalkulator/', 60_000)).toBe(true);
  });

  it('still guards the tab when storage refuses writes (quota, privacy mode)', () => {
    globals.window = {
      sessionStorage: {
        getItem: () => null,
        setItem: () => {
          throw new Error('QuotaExceededError');
        },
      },
    };
    const guard = freshPage();
    expect(guard.claimReload('/blog/', 1_000)).toBe(true);
    expect(guard.claimReload('/blog/', 2_000)).toBe(false);
  });
});
