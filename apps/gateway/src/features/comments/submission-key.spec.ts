import { isUuidV4 } from '@lib/pl-validation';
import { derivedSubmissionKey } from './submission-key';

const submission = {
  pagePath: '/blog/jak-liczyc-rrso/',
  name: 'Ania',
  email: 'ania@example.pl',
  text: 'Dziękuję za jasne wyjaśnienie.',
  rating: 5,
  replyTo: 0,
  sessionId: '',
};

describe('derivedSubmissionKey', () => {
  it('is a UUID v4 the service accepts', () => {
    expect(isUuidV4(derivedSubmissionKey('203.0.113.7', submission))).toBe(true);
  });

  it('is the same for the same post from the same address (a re-sent form is one submission)', () => {
    expect(derivedSubmissionKey('203.0.113.7', { ...submission })).toBe(
      derivedSubmissionKey('203.0.113.7', submission),
    );
  });

  it('ignores what is not part of the comment (the visit id)', () => {
    expect(derivedSubmissionKey('203.0.113.7', { ...submission, sessionId: 'x' })).toBe(
      derivedSubmissionKey('203.0.113.7', submission),
    );
  });

  it.each([
    ['another address', '198.51.100.1', {}],
    ['another page', '203.0.113.7', { pagePath: '/blog/inny/' }],
    ['another text', '203.0.113.7', { text: 'Dziękuję za jasne wyjaśnienie!' }],
    ['another name', '203.0.113.7', { name: 'Anna' }],
    ['another e-mail', '203.0.113.7', { email: 'anna@example.pl' }],
    ['another rating', '203.0.113.7', { rating: 4 }],
    ['a reply', '203.0.113.7', { replyTo: 12 }],
  ])('differs for %s', (_what, address, change) => {
    expect(derivedSubmissionKey(address, { ...submission, ...change })).not.toBe(
      derivedSubmissionKey('203.0.113.7', submission),
    );
  });
});
