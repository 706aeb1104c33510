import { matchRoute } from '../../app/routes';
import {
  APPLICATION_STATUS_PATH,
  REJECTED_LANDING_PATH,
  applicationStatusHref,
  statusTokenOf,
} from './application-status-paths';

const TOKEN = '3f1c2a9e-5b7d-4c1a-9e2f-0a1b2c3d4e5f.1767225600.q2Wd-Rk7_aZ3cVb9xY1uT0sP8oN6mL4kJ2hG5fE3dC1';

describe('the status page’s address', () => {
  it('carries the token in `t` and reads it back', () => {
    const href = applicationStatusHref(TOKEN);
    expect(href.startsWith(`${APPLICATION_STATUS_PATH}?t=`)).toBe(true);
    expect(statusTokenOf(new URL(href, 'http://localhost').searchParams)).toBe(TOKEN);
  });

  it('takes no token that is missing, repeated, too long or not made of token characters', () => {
    const read = (query: string) => statusTokenOf(new URLSearchParams(query));
    expect(read('')).toBeNull();
    expect(read('t=')).toBeNull();
    expect(read(`t=${TOKEN}&t=${TOKEN}`)).toBeNull();
    expect(read(`t=${'a'.repeat(257)}`)).toBeNull();
    expect(read('t=%3Cscript%3E')).toBeNull();
    expect(read('t=a%20b')).toBeNull();
  });

  it('is in the route table (so the site knows it), and so is the rejected landing it sends to', () => {
    expect(matchRoute(APPLICATION_STATUS_PATH)?.route.name).toBe('application-status');
    expect(matchRoute(APPLICATION_STATUS_PATH)?.route.sitemap).toBeUndefined();
    expect(matchRoute(REJECTED_LANDING_PATH)?.route.name).toBe('landing-rejected');
  });
});
