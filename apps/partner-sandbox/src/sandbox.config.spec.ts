import { ConfigError, loadConfig } from '@lib/config';
import { refusal, sandboxConfigSchema } from './sandbox.config';

describe('sandbox configuration', () => {
  it('has the documented defaults and needs only the callback URL', () => {
    expect(
      loadConfig(sandboxConfigSchema, {
        LEAD_STATUS_CALLBACK_URL: 'http://127.0.0.1:3000/api/partner/lead-status',
      }),
    ).toEqual({
      PARTNER_SANDBOX_PORT: 8090,
      PARTNER_SANDBOX_HOST: '127.0.0.1',
      LENDER_DELIVERY_FILE: 'deploy/lenders/lender-delivery.sandbox.json',
      PARTNER_SANDBOX_FEED: 'apps/offers/feeds/pl_feed.json',
      SANDBOX_BEHAVIOUR_FILE: 'apps/partner-sandbox/sandbox-behaviour.json',
      LEAD_STATUS_CALLBACK_URL: 'http://127.0.0.1:3000/api/partner/lead-status',
      SANDBOX_STATE_FILE: 'tmp/partner-sandbox/deliveries.jsonl',
      SANDBOX_LATER_MS: 2_000,
      SANDBOX_TIMEOUT_HOLD_MS: 60_000,
      LOG_LEVEL: 'info',
    });
  });

  it('names a missing callback URL and bad values', () => {
    expect(() => loadConfig(sandboxConfigSchema, {})).toThrow(
      'LEAD_STATUS_CALLBACK_URL must be set: the URL the sandbox posts later decisions to',
    );
    let error: unknown;
    try {
      loadConfig(sandboxConfigSchema, {
        LEAD_STATUS_CALLBACK_URL: 'ftp://x',
        PARTNER_SANDBOX_PORT: '70000',
        SANDBOX_LATER_MS: '0',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).variables).toEqual([
      'PARTNER_SANDBOX_PORT',
      'LEAD_STATUS_CALLBACK_URL',
      'SANDBOX_LATER_MS',
    ]);
  });

  it('refuses NODE_ENV=production, and only that', () => {
    expect(refusal({ NODE_ENV: 'production' })).toMatch(
      /the partner sandbox is for local runs and tests only/,
    );
    expect(refusal({ NODE_ENV: ' production ' })).not.toBeNull();
    expect(refusal({ NODE_ENV: 'test' })).toBeNull();
    expect(refusal({})).toBeNull();
  });
});
