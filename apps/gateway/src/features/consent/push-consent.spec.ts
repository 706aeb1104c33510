import { PUSH_DECLINE_QUIET_MS, readPushConsent, shouldAskForPush, writePushConsent } from './push-consent';

const NOW = Date.UTC(2026, 10, 24, 12);

describe('push-notification prompt rules', () => {
  it('asks a browser that can show notifications and holds no answer', () => {
    expect(shouldAskForPush(null, 'default', NOW)).toBe(true);
  });

  it('never asks where the browser cannot show notifications or has its own answer already', () => {
    for (const permission of ['unsupported', 'granted', 'denied'] as const)
      expect(shouldAskForPush(null, permission, NOW)).toBe(false);
  });

  it('never asks again after an agreement', () => {
    expect(shouldAskForPush({ choice: 'granted', at: NOW - 400 * 24 * 60 * 60_000 }, 'default', NOW)).toBe(
      false,
    );
  });

  it('after a decline stays away exactly 30 days', () => {
    const declined = (msAgo: number) => ({ choice: 'denied' as const, at: NOW - msAgo });
    expect(shouldAskForPush(declined(0), 'default', NOW)).toBe(false);
    expect(shouldAskForPush(declined(PUSH_DECLINE_QUIET_MS - 1), 'default', NOW)).toBe(false);
    expect(shouldAskForPush(declined(PUSH_DECLINE_QUIET_MS), 'default', NOW)).toBe(true);
    // A decline dated in the future (the clock turned back) counts as fresh.
    expect(shouldAskForPush(declined(-5 * 24 * 60 * 60_000), 'default', NOW)).toBe(false);
  });

  it('reads back what it writes and treats anything else as no answer', () => {
    expect(readPushConsent(writePushConsent('denied', NOW))).toEqual({ choice: 'denied', at: NOW });
    for (const raw of [
      null,
      '',
      'tak',
      '{"choice":"maybe","at":1}',
      '{"choice":"granted"}',
      '{"choice":"granted","at":"1"}',
      'null',
      '[1]',
    ]) {
      expect(readPushConsent(raw)).toBeNull();
    }
  });
});
