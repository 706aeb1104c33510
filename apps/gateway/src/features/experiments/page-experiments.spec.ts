import { assignPageExperiments, experimentsAt } from './page-experiments';
import { type ConsentState } from '../../shared/consent';
import { experimentCookies } from './experiment-storage';

const CLIENT = '3f1c2a9e-5b7d-4c1a-9e2f-0a1b2c3d4e5f';

/** A visitor who accepted the cookie notice, unless `consent` says otherwise. */
function assign(
  options: {
    query?: string;
    cookie?: string;
    clientId?: string;
    path?: string;
    country?: string;
    consent?: ConsentState;
  } = {},
) {
  return assignPageExperiments({
    path: options.path ?? '/',
    query: new URLSearchParams(options.query ?? ''),
    cookieHeader: options.cookie,
    consent: options.consent ?? 'granted',
    country: options.country ?? 'PL',
    clientId: 'clientId' in options ? options.clientId : CLIENT,
    newId: () => {
      throw new Error('no new id expected');
    },
    secure: false,
    crawler: false,
  });
}

describe('page experiments', () => {
  it('run on / only, per country (PL: 0300.1; PH: 0256.1; ZA: 0298.1)', () => {
    expect(experimentsAt('/', 'PL').map((e) => e.experimentId)).toEqual(['0300.1']);
    expect(experimentsAt('/', 'PH').map((e) => e.experimentId)).toEqual(['0256.1']);
    expect(experimentsAt('/', 'ZA').map((e) => e.experimentId)).toEqual(['0298.1']);
    expect(experimentsAt('/offers/', 'PL')).toEqual([]);
    expect(assign({ path: '/offers/' })).toBeUndefined();
    expect(assign({ country: 'XX' })).toBeUndefined();
    const crawler = assignPageExperiments({
      path: '/',
      query: new URLSearchParams(),
      cookieHeader: undefined,
      consent: 'granted',
      country: 'PL',
      clientId: CLIENT,
      newId: () => CLIENT,
      secure: false,
      crawler: true,
    });
    expect(crawler).toBeUndefined();
  });

  it('draws once by the client id, stores the variant, and keeps it (same answer on every replica)', () => {
    const first = assign()!;
    expect(first.testFlow).toMatch(/^0300\.1-[AB]$/);
    expect(first.setCookies).toHaveLength(1);
    expect(first.setCookies[0]).toMatch(/^exp_0300\.1=[AB]; Max-Age=15552000; Path=\/; SameSite=Lax$/);
    expect(assign()!.testFlow).toBe(first.testFlow);
    const cookie = first.setCookies[0]!.split(';')[0]!;
    const returning = assign({ cookie, clientId: undefined })!;
    expect(returning).toEqual({ testFlow: first.testFlow, setCookies: [] });
  });

  it('uses a stored value only when it is an allowed variant, else draws again', () => {
    expect(assign({ cookie: 'exp_0300.1=B' })).toEqual({ testFlow: '0300.1-B', setCookies: [] });
    const redrawn = assign({ cookie: 'exp_0300.1=Z' })!;
    expect(redrawn.testFlow).toBe(assign()!.testFlow);
    expect(redrawn.setCookies).toHaveLength(1);
    // a lower-case value is the allowed variant, stored again in its own spelling
    expect(assign({ cookie: 'exp_0300.1=b' })).toEqual({
      testFlow: '0300.1-B',
      setCookies: [expect.stringMatching(/^exp_0300\.1=B;/)],
    });
  });

  it('lets exp_flow override the draw and the stored value, when it names an allowed variant', () => {
    expect(assign({ query: 'exp_flow=B', cookie: 'exp_0300.1=A' })).toEqual({
      testFlow: '0300.1-B',
      setCookies: [expect.stringMatching(/^exp_0300\.1=B;/)],
    });
    expect(assign({ query: 'exp_flow=0300.1-A', cookie: 'exp_0300.1=B' })!.testFlow).toBe('0300.1-A');
    expect(assign({ query: 'exp_flow=0256.1-A', cookie: 'exp_0300.1=B' })).toEqual({
      testFlow: '0300.1-B',
      setCookies: [],
    });
    expect(assign({ query: 'exp_flow=Q', cookie: 'exp_0300.1=B' })).toEqual({
      testFlow: '0300.1-B',
      setCookies: [],
    });
  });

  it('draws with a fresh id when the visitor has no client id', () => {
    let drawn = 0;
    const result = assignPageExperiments({
      path: '/',
      query: new URLSearchParams(),
      cookieHeader: undefined,
      consent: 'granted',
      country: 'PL',
      clientId: undefined,
      newId: () => {
        drawn += 1;
        return CLIENT;
      },
      secure: true,
      crawler: false,
    })!;
    expect(drawn).toBe(1);
    expect(result.setCookies[0]).toMatch(/; Secure$/);
  });

  it('without consent (no answer yet, or refused): draws nothing, reads no stored variant, sets no cookie', () => {
    for (const consent of ['unset', 'denied'] as const) {
      // The control variant for everyone: no flow, so the page is the one all such visitors share.
      expect(assign({ consent })).toBeUndefined();
      // A variant cookie left from an earlier consent is not read, and deleted.
      expect(assign({ consent, cookie: 'exp_0300.1=B' })).toEqual({
        testFlow: '',
        setCookies: ['exp_0300.1=; Max-Age=0; Path=/; SameSite=Lax'],
      });
      // The team's override is shown for that one answer, and still nothing is stored.
      expect(assign({ consent, query: 'exp_flow=B' })).toEqual({ testFlow: '0300.1-B', setCookies: [] });
      expect(assign({ consent, query: 'exp_flow=Q' })).toBeUndefined();
    }
  });

  it('splits 10 000 client ids 50/50 within 48–52 %', () => {
    let a = 0;
    const total = 10_000;
    // Fixed ids (UUID v4 shape, consecutive numbers): the same split on every run.
    for (let i = 0; i < total; i += 1) {
      const clientId = `7d3a6c52-${(i % 65_536).toString(16).padStart(4, '0')}-4${(i >> 16).toString(16).padStart(3, '0')}-8000-0000${i.toString(16).padStart(8, '0')}`;
      if (assign({ clientId })!.testFlow === '0300.1-A') a += 1;
    }
    expect(a / total).toBeGreaterThanOrEqual(0.48);
    expect(a / total).toBeLessThanOrEqual(0.52);
  });

  it('reads only well-formed experiment cookies', () => {
    expect([
      ...experimentCookies('exp_0300.1=A; exp_bad id=B; exp_0298.1=<x>; exp_0256.1=B; exp_0300.1=B'),
    ]).toEqual([
      ['0300.1', 'A'],
      ['0256.1', 'B'],
    ]);
  });
});
