import { mirrorExperiments } from './experiment-mirror';

function memoryStore(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

describe('experiment mirror', () => {
  it('writes the cookie’s variant to local storage as the flow', () => {
    const store = memoryStore();
    expect(mirrorExperiments('session_id=x; exp_0300.1=B', store, ['0300.1'], false)).toEqual([]);
    expect(store.items.get('exp_flow:0300.1')).toBe('0300.1-B');
  });

  it('restores a missing cookie from local storage', () => {
    const store = memoryStore({ 'exp_flow:0300.1': '0300.1-A' });
    expect(mirrorExperiments('', store, ['0300.1'], true)).toEqual([
      'exp_0300.1=A; Max-Age=15552000; Path=/; SameSite=Lax; Secure',
    ]);
  });

  it('ignores stored values that are not flows of the experiment', () => {
    const store = memoryStore({ 'exp_flow:0300.1': '0256.1-A' });
    expect(mirrorExperiments('', store, ['0300.1'], false)).toEqual([]);
    store.items.set('exp_flow:0300.1', '0300.1-<script>');
    expect(mirrorExperiments('', store, ['0300.1'], false)).toEqual([]);
  });
});
