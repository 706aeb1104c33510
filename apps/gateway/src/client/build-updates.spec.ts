import { createHttpClient } from '../shared/http';
import { BuildWatcher, CHECK_INTERVAL_MS, FIRST_CHECK_DELAY_MS } from './build-updates';

/** A server stand-in: what /builds/latest.json and /builds/meta/<id>.json answer right now. */
function fakeServer() {
  const state = {
    latest: { status: 200, body: { buildId: 'build-a', time: '2026-11-24T10:00:00.000Z' } as unknown },
    metas: new Set(['build-a']),
  };
  const requests: string[] = [];
  const fetch = (url: string): Promise<Response> => {
    requests.push(url);
    if (url.startsWith('/builds/latest.json?t=')) {
      return Promise.resolve(
        new Response(JSON.stringify(state.latest.body), {
          status: state.latest.status,
          headers: { 'content-type': 'application/json' },
        }),
      );
    }
    const meta = /^\/builds\/meta\/([^/]+)\.json$/.exec(url);
    if (meta && state.metas.has(decodeURIComponent(meta[1]!))) {
      return Promise.resolve(new Response(JSON.stringify({ buildId: meta[1] }), { status: 200 }));
    }
    return Promise.resolve(new Response('{"error":{"status":404}}', { status: 404 }));
  };
  return { state, requests, http: createHttpClient({ fetch, retryDelayMs: 0 }) };
}

function watcher(server: ReturnType<typeof fakeServer>, effectiveType?: string) {
  const warnings: string[] = [];
  const builds = new BuildWatcher('build-a', {
    http: server.http,
    connection: () => (effectiveType ? { effectiveType } : undefined),
    warn: (message) => warnings.push(message),
    now: () => Date.now(),
  });
  return { builds, warnings };
}

/** Runs the timers due within `ms` and lets the checks they start finish. */
async function advance(ms: number): Promise<void> {
  await jest.advanceTimersByTimeAsync(ms);
}

const polls = (requests: string[]) => requests.filter((url) => url.startsWith('/builds/latest.json?t='));

describe('BuildWatcher (an open tab learns of a new build)', () => {
  beforeEach(() => jest.useFakeTimers({ now: new Date('2026-11-24T23:30:00Z') }));
  afterEach(() => jest.useRealTimers());

  it('checks 1 s after start, then every 5 minutes, with a timestamp that defeats caches', async () => {
    const server = fakeServer();
    const { builds, warnings } = watcher(server, '4g');
    builds.start();
    await advance(FIRST_CHECK_DELAY_MS - 1);
    expect(polls(server.requests)).toHaveLength(0);
    await advance(1);
    expect(polls(server.requests)).toEqual([`/builds/latest.json?t=${Date.parse('2026-11-24T23:30:01Z')}`]);
    await advance(CHECK_INTERVAL_MS - 1);
    expect(polls(server.requests)).toHaveLength(1);
    await advance(1);
    expect(polls(server.requests)).toHaveLength(2);
    expect(builds.hasNewBuild).toBe(false);
    expect(server.requests.some((url) => url.startsWith('/builds/meta/'))).toBe(false); // same build: nothing to confirm
    expect(warnings).toEqual([]);
    builds.stop();
    await advance(CHECK_INTERVAL_MS * 3);
    expect(polls(server.requests)).toHaveLength(2);
  });

  it('on a slow-2g connection makes no early check, only the periodic ones', async () => {
    const server = fakeServer();
    const { builds } = watcher(server, 'slow-2g');
    builds.start();
    await advance(CHECK_INTERVAL_MS - 1);
    expect(polls(server.requests)).toHaveLength(0);
    await advance(1);
    expect(polls(server.requests)).toHaveLength(1);
    builds.stop();
  });

  it('announces a new build once its meta answers, then stops polling', async () => {
    const server = fakeServer();
    const { builds, warnings } = watcher(server);
    builds.start();
    await advance(FIRST_CHECK_DELAY_MS);
    server.state.latest.body = { buildId: 'build-b', time: '2026-11-24T23:31:00.000Z' };
    server.state.metas.add('build-b');
    await advance(CHECK_INTERVAL_MS);
    expect(builds.hasNewBuild).toBe(true);
    expect(server.requests).toContain('/builds/meta/build-b.json');
    await advance(CHECK_INTERVAL_MS * 3);
    expect(polls(server.requests)).toHaveLength(2);
    expect(warnings).toEqual([]);
  });

  it('only logs a manifest (meta) failure and tries again at the next poll', async () => {
    const server = fakeServer();
    const { builds, warnings } = watcher(server);
    server.state.latest.body = { buildId: 'build-b', time: '2026-11-24T23:31:00.000Z' };
    builds.start();
    await advance(FIRST_CHECK_DELAY_MS);
    expect(builds.hasNewBuild).toBe(false);
    expect(warnings).toEqual(['Nie udało się pobrać opisu nowej wersji serwisu']);
    server.state.metas.add('build-b'); // the new build's pods are all up now
    await advance(CHECK_INTERVAL_MS);
    expect(builds.hasNewBuild).toBe(true);
    expect(server.requests.filter((url) => url === '/builds/meta/build-b.json')).toHaveLength(2);
  });

  it('only logs a failed or nonsensical latest.json and keeps polling', async () => {
    const server = fakeServer();
    const { builds, warnings } = watcher(server);
    server.state.latest = { status: 503, body: { error: 'down' } };
    builds.start();
    await advance(FIRST_CHECK_DELAY_MS);
    server.state.latest = { status: 200, body: '<html>' };
    await advance(CHECK_INTERVAL_MS);
    server.state.latest = { status: 200, body: { buildId: '../../etc' } };
    await advance(CHECK_INTERVAL_MS);
    expect(warnings).toEqual([
      'Nie udało się sprawdzić wersji serwisu',
      'Nie udało się sprawdzić wersji serwisu',
      'Nie udało się sprawdzić wersji serwisu',
    ]);
    expect(builds.hasNewBuild).toBe(false);
    expect(server.requests.some((url) => url.startsWith('/builds/meta/'))).toBe(false);
    server.state.latest = { status: 200, body: { buildId: 'build-c', time: '2026-11-24T23:40:00.000Z' } };
    server.state.metas.add('build-c');
    await advance(CHECK_INTERVAL_MS);
    expect(builds.hasNewBuild).toBe(true);
  });
});
