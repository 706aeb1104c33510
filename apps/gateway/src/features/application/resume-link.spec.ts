import { csrfKey, issueCsrfToken } from '../../kit/csrf';
import { RESUME_PREFIX, draftIdOfResumePath, isResumePath, resumePath } from './resume-link';

const KEY = csrfKey('x'.repeat(40));
const DRAFT = '6f1c1a52-5d0b-4c1e-9a57-2f4a3b9e8c10';

describe('resume links of application drafts', () => {
  it('reads back the draft id it was drawn for, under the same secret (another replica too)', () => {
    const path = resumePath(KEY, DRAFT);
    expect(path).toMatch(new RegExp(`^${RESUME_PREFIX}${DRAFT}\\.[A-Za-z0-9_-]{22}/$`));
    expect(isResumePath(path)).toBe(true);
    expect(draftIdOfResumePath(KEY, path)).toBe(DRAFT);
    expect(draftIdOfResumePath(csrfKey('x'.repeat(40)), path)).toBe(DRAFT);
    // Drawn from a non-canonical id, the address is the canonical one.
    expect(resumePath(KEY, DRAFT.toUpperCase())).toBe(path);
  });

  it('refuses another secret, another draft, a changed mac and malformed addresses', () => {
    const path = resumePath(KEY, DRAFT);
    expect(draftIdOfResumePath(csrfKey('y'.repeat(40)), path)).toBeUndefined();
    const other = '0b7f0e0c-2a44-4d5e-8f11-93c2a1d4e5f6';
    expect(draftIdOfResumePath(KEY, path.replace(DRAFT, other))).toBeUndefined();
    const mac = path.slice(-23, -1);
    expect(draftIdOfResumePath(KEY, path.replace(mac, 'A'.repeat(22)))).toBeUndefined();
    for (const bad of [
      RESUME_PREFIX,
      `${RESUME_PREFIX}${DRAFT}/`,
      `${RESUME_PREFIX}${DRAFT}.${mac}`,
      `${RESUME_PREFIX}${DRAFT.toUpperCase()}.${mac}/`,
      `${RESUME_PREFIX}${DRAFT}.${mac}x/`,
      `${RESUME_PREFIX}${DRAFT}.${mac}/x/`,
      `${RESUME_PREFIX}.${mac}/`,
      `${RESUME_PREFIX}${'a'.repeat(500)}/`,
      '/application/',
    ]) {
      expect(draftIdOfResumePath(KEY, bad)).toBeUndefined();
    }
    expect(isResumePath(RESUME_PREFIX)).toBe(false);
  });

  it('is no CSRF token, and a CSRF token is no resume link: the payloads differ in their label', () => {
    const token = issueCsrfToken({ key: KEY, binding: DRAFT, purpose: 'application' });
    expect(draftIdOfResumePath(KEY, `${RESUME_PREFIX}${DRAFT}.${token.split('.')[2]}/`)).toBeUndefined();
  });
});
