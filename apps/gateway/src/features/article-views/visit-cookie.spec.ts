import { VISIT_ID_MAX_AGE_MS, VISIT_IDLE_MS, cookieValues, visitCookies } from './visit-cookie';

const SECRET = 'a-test-secret-that-is-long-enough-for-hmac';
const START = Date.parse('2026-03-02T10:00:00Z');

function clock() {
  let now = START;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('visit cookie', () => {
  it('reads back the visit it issued, with a UUID v4 id', () => {
    const time = clock();
    const cookies = visitCookies(SECRET, time.now);
    const { visit, value } = cookies.issue();
    expect(visit.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(cookies.read(value)).toEqual(visit);
    // Only characters a cookie value may hold unquoted.
    expect(value).toMatch(/^[0-9a-zA-Z._-]+$/);
  });

  it('refuses a token it did not sign: another key, an edited id or time, garbage', () => {
    const time = clock();
    const cookies = visitCookies(SECRET, time.now);
    const { value } = cookies.issue();
    expect(visitCookies('another-secret-that-is-long-enough-for-hmac', time.now).read(value)).toBeUndefined();
    const [id, started, issued, mac] = value.split('.') as [string, string, string, string];
    const otherId = `${id.slice(0, -1)}${id.endsWith('0') ? '1' : '0'}`;
    expect(cookies.read([otherId, started, issued, mac].join('.'))).toBeUndefined();
    expect(
      cookies.read([id, started, (parseInt(issued, 36) + 60).toString(36), mac].join('.')),
    ).toBeUndefined();
    for (const bad of [
      undefined,
      '',
      'x',
      `${value}.x`,
      value.slice(0, -1),
      '3f2504e0-4f89-41d3-9a0c-0305e82c3301',
    ]) {
      expect(cookies.read(bad)).toBeUndefined();
    }
  });

  it('ends a visit after 30 idle minutes; a renewal keeps it alive (rolling)', () => {
    const time = clock();
    const cookies = visitCookies(SECRET, time.now);
    const first = cookies.issue();
    time.advance(VISIT_IDLE_MS - 1_000);
    const current = cookies.read(first.value);
    expect(current).toEqual(first.visit);
    const renewed = cookies.issue(current);
    expect(renewed.visit).toEqual(first.visit);
    time.advance(2_000);
    expect(cookies.read(first.value)).toBeUndefined();
    expect(cookies.read(renewed.value)).toEqual(first.visit);
  });

  it('continues a long visit under a fresh id once the old one is 30 minutes old', () => {
    const time = clock();
    const cookies = visitCookies(SECRET, time.now);
    const first = cookies.issue();
    time.advance(VISIT_ID_MAX_AGE_MS / 2);
    const middle = cookies.issue(cookies.read(first.value));
    expect(middle.visit.id).toBe(first.visit.id);
    time.advance(VISIT_ID_MAX_AGE_MS / 2);
    const next = cookies.issue(cookies.read(middle.value));
    expect(next.visit.id).not.toBe(first.visit.id);
    expect(cookies.read(next.value)).toEqual(next.visit);
  });

  it('signs with a random key of its own when none is configured', () => {
    const { value } = visitCookies(undefined).issue();
    expect(visitCookies(undefined).read(value)).toBeUndefined();
  });
});

describe('cookieValues', () => {
  it('finds every cookie of the name, in order, and nothing else', () => {
    expect(cookieValues('a=1; pp_visit=x.y; b=2; pp_visit=z', 'pp_visit')).toEqual(['x.y', 'z']);
    expect(cookieValues('pp_visitor=1; xpp_visit=2', 'pp_visit')).toEqual([]);
    expect(cookieValues(undefined, 'pp_visit')).toEqual([]);
  });
});
