import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  checkSignature,
  leadDeliverySchema,
  MIN_SECRET_LENGTH,
  readLenderDirectory,
  REPLAY_WINDOW_SECONDS,
  signBody,
} from './index';

const SECRET = 'a'.repeat(MIN_SECRET_LENGTH);
const OTHER_SECRET = 'b'.repeat(MIN_SECRET_LENGTH);
const NOW = 1_760_000_000;
const BODY = '{"version":"lead-delivery.v1","deliveryId":"x"}';

describe('signBody / checkSignature', () => {
  it('writes t=<seconds>,v1=<64 hex> with the time rounded down to whole seconds', () => {
    expect(signBody(SECRET, BODY, NOW + 0.9)).toMatch(new RegExp(`^t=${NOW},v1=[0-9a-f]{64}$`));
  });

  it('accepts its own signature, over a string or the same bytes as a Buffer', () => {
    const header = signBody(SECRET, BODY, NOW);
    expect(checkSignature(header, BODY, SECRET, NOW)).toBeNull();
    expect(checkSignature(header, Buffer.from(BODY, 'utf8'), SECRET, NOW + 10)).toBeNull();
    expect(signBody(SECRET, Buffer.from(BODY), NOW)).toBe(header);
  });

  it('reads the parts in any order and with spaces around them', () => {
    const header = signBody(SECRET, BODY, NOW);
    const [t, v1] = header.split(',');
    expect(checkSignature(` ${v1} , ${t} `, BODY, SECRET, NOW)).toBeNull();
  });

  it("says 'missing' for no header or a blank one", () => {
    expect(checkSignature(undefined, BODY, SECRET, NOW)).toBe('missing');
    expect(checkSignature('', BODY, SECRET, NOW)).toBe('missing');
    expect(checkSignature('   ', BODY, SECRET, NOW)).toBe('missing');
  });

  it.each([
    ['no v1', `t=${NOW}`],
    ['no t', `v1=${'0'.repeat(64)}`],
    ['a time that is not digits', `t=12a,v1=${'0'.repeat(64)}`],
    ['a short mac', `t=${NOW},v1=${'0'.repeat(63)}`],
    ['a mac that is not hex', `t=${NOW},v1=${'g'.repeat(64)}`],
    ['another scheme only', `t=${NOW},v0=${'0'.repeat(64)}`],
    ['no key=value parts', 'garbage'],
  ])("says 'malformed' for %s", (_case, header) => {
    expect(checkSignature(header, BODY, SECRET, NOW)).toBe('malformed');
  });

  it("says 'outside-window' past the replay window either way, and accepts its very edge", () => {
    const header = signBody(SECRET, BODY, NOW);
    expect(checkSignature(header, BODY, SECRET, NOW + REPLAY_WINDOW_SECONDS)).toBeNull();
    expect(checkSignature(header, BODY, SECRET, NOW - REPLAY_WINDOW_SECONDS)).toBeNull();
    expect(checkSignature(header, BODY, SECRET, NOW + REPLAY_WINDOW_SECONDS + 1)).toBe('outside-window');
    expect(checkSignature(header, BODY, SECRET, NOW - REPLAY_WINDOW_SECONDS - 1)).toBe('outside-window');
    expect(checkSignature(header, BODY, SECRET, NOW + 61, 60)).toBe('outside-window');
  });

  it("says 'mismatch' for another secret, a changed body or a changed time", () => {
    const header = signBody(SECRET, BODY, NOW);
    expect(checkSignature(header, BODY, OTHER_SECRET, NOW)).toBe('mismatch');
    expect(checkSignature(header, BODY.replace('x', 'y'), SECRET, NOW)).toBe('mismatch');
    expect(checkSignature(header, `${BODY} `, SECRET, NOW)).toBe('mismatch');
    const shifted = header.replace(`t=${NOW}`, `t=${NOW + 1}`);
    expect(checkSignature(shifted, BODY, SECRET, NOW)).toBe('mismatch');
  });
});

describe('readLenderDirectory', () => {
  const lender = (overrides: Record<string, unknown> = {}) => ({
    slug: 'vivus',
    lenderId: 124,
    name: 'Vivus',
    enabled: true,
    endpoint: '${PARTNER_SANDBOX_URL}/lenders/vivus/applications',
    secretEnv: 'LENDER_SECRET_VIVUS',
    requiredFields: ['firstName', 'phone'],
    ...overrides,
  });
  const file = (environment: string, lenders: unknown[]) => JSON.stringify({ environment, lenders });
  const env = { PARTNER_SANDBOX_URL: 'http://127.0.0.1:8090/', LENDER_SECRET_VIVUS: SECRET };
  const problemsOf = (result: ReturnType<typeof readLenderDirectory>) =>
    'problems' in result ? result.problems : [];

  it('resolves the endpoint from the environment (without doubling the slash), reads the secret, defaults the timeout', () => {
    const result = readLenderDirectory(file('sandbox', [lender()]), env);
    expect(result).toEqual({
      ok: {
        environment: 'sandbox',
        lenders: [
          {
            slug: 'vivus',
            lenderId: 124,
            name: 'Vivus',
            enabled: true,
            endpoint: new URL('http://127.0.0.1:8090/lenders/vivus/applications'),
            secretEnv: 'LENDER_SECRET_VIVUS',
            secret: SECRET,
            requiredFields: ['firstName', 'phone'],
            timeoutMs: 5_000,
          },
        ],
      },
    });
  });

  it('reads the repository sandbox file with a secret per lender', () => {
    const text = readFileSync(
      path.join(__dirname, '../../../deploy/lenders/lender-delivery.sandbox.json'),
      'utf8',
    );
    const secrets = Object.fromEntries(
      ['VIVUS', 'WANDOO', 'KUKI', 'NETCREDIT', 'SMARTNEY', 'PROVIDENT'].map((n) => [
        `LENDER_SECRET_${n}`,
        SECRET,
      ]),
    );
    const result = readLenderDirectory(text, { PARTNER_SANDBOX_URL: 'http://127.0.0.1:8090', ...secrets });
    expect('ok' in result && result.ok.lenders.map((l) => l.slug)).toEqual([
      'vivus',
      'wandoo',
      'kuki',
      'netcredit',
      'smartney',
      'provident',
    ]);
  });

  it('names a missing secret and one that is too short', () => {
    expect(
      problemsOf(readLenderDirectory(file('sandbox', [lender()]), { ...env, LENDER_SECRET_VIVUS: '' })),
    ).toEqual([
      `lender vivus: LENDER_SECRET_VIVUS must hold a secret of at least ${MIN_SECRET_LENGTH} characters`,
    ]);
    const { LENDER_SECRET_VIVUS: _unset, ...withoutSecret } = env;
    expect(problemsOf(readLenderDirectory(file('sandbox', [lender()]), withoutSecret))).toEqual([
      `lender vivus: LENDER_SECRET_VIVUS must hold a secret of at least ${MIN_SECRET_LENGTH} characters`,
    ]);
    const short = { ...env, LENDER_SECRET_VIVUS: SECRET.slice(1) };
    expect(problemsOf(readLenderDirectory(file('sandbox', [lender()]), short))).toHaveLength(1);
  });

  it('lets a disabled lender go without a secret', () => {
    const result = readLenderDirectory(file('sandbox', [lender({ enabled: false })]), {
      PARTNER_SANDBOX_URL: env.PARTNER_SANDBOX_URL,
    });
    expect('ok' in result && result.ok.lenders[0]?.secret).toBe('');
  });

  it('names an endpoint variable that is not set, once', () => {
    const { PARTNER_SANDBOX_URL: _unset, ...withoutUrl } = env;
    expect(problemsOf(readLenderDirectory(file('sandbox', [lender()]), withoutUrl))).toEqual([
      'lender vivus: endpoint needs PARTNER_SANDBOX_URL, which is not set',
    ]);
  });

  it('refuses plain http outside a sandbox file and accepts https there', () => {
    expect(problemsOf(readLenderDirectory(file('production', [lender()]), env))).toEqual([
      'lender vivus: endpoint must be https',
    ]);
    const https = readLenderDirectory(
      file('production', [lender({ endpoint: 'https://api.vivus.example/leads' })]),
      env,
    );
    expect('ok' in https && https.ok.lenders[0]?.endpoint.href).toBe('https://api.vivus.example/leads');
    expect(
      problemsOf(readLenderDirectory(file('sandbox', [lender({ endpoint: 'ftp://files.example/x' })]), env)),
    ).toEqual(['lender vivus: endpoint must be https']);
  });

  it('names a lender listed twice', () => {
    expect(
      problemsOf(readLenderDirectory(file('sandbox', [lender(), lender({ lenderId: 9 })]), env)),
    ).toEqual(['lender vivus: listed twice']);
  });

  it('names an endpoint that is no URL', () => {
    expect(
      problemsOf(readLenderDirectory(file('sandbox', [lender({ endpoint: 'not a url' })]), env)),
    ).toEqual(['lender vivus: endpoint is not a URL']);
  });

  it('says everything wrong in one list', () => {
    const problems = problemsOf(
      readLenderDirectory(
        file('production', [lender(), lender(), lender({ slug: 'kuki', secretEnv: 'LENDER_SECRET_KUKI' })]),
        env,
      ),
    );
    expect(problems).toEqual([
      'lender vivus: endpoint must be https',
      'lender vivus: listed twice',
      'lender vivus: endpoint must be https',
      'lender kuki: endpoint must be https',
      `lender kuki: LENDER_SECRET_KUKI must hold a secret of at least ${MIN_SECRET_LENGTH} characters`,
    ]);
  });

  it('refuses text that is not JSON, an unknown environment, unknown fields and an unknown required field', () => {
    expect(problemsOf(readLenderDirectory('{', env))[0]).toMatch(/^not JSON: /);
    expect(problemsOf(readLenderDirectory(file('staging', []), env))[0]).toMatch(/^environment: /);
    expect(problemsOf(readLenderDirectory(file('sandbox', [lender({ extra: 1 })]), env))[0]).toMatch(
      /^lenders\.0: .*extra/,
    );
    expect(
      problemsOf(readLenderDirectory(file('sandbox', [lender({ requiredFields: ['shoeSize'] })]), env))[0],
    ).toMatch(/^lenders\.0\.requiredFields\.0: /);
    expect(
      problemsOf(readLenderDirectory(file('sandbox', [lender({ secretEnv: 'lower_case' })]), env))[0],
    ).toBe('lenders.0.secretEnv: must be an environment variable name');
  });
});

describe('leadDeliverySchema', () => {
  const delivery = {
    version: 'lead-delivery.v1',
    deliveryId: '6f1c2a34-5b6d-4e7f-8a9b-0c1d2e3f4a5b',
    applicationId: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
    lender: 'vivus',
    sentAt: '2025-01-02T03:04:05.000Z',
    loan: { amountGrosze: 100_000, periodDays: 30, purpose: 'other' },
    applicant: { firstName: 'Jan', age: 30 },
    consents: { creditBureau: true },
  };

  it('accepts a delivery with only some applicant fields', () => {
    expect(leadDeliverySchema.safeParse(delivery).success).toBe(true);
  });

  it('refuses an applicant field nobody may ask for and another version', () => {
    expect(
      leadDeliverySchema.safeParse({ ...delivery, applicant: { ...delivery.applicant, shoeSize: 44 } })
        .success,
    ).toBe(false);
    expect(leadDeliverySchema.safeParse({ ...delivery, version: 'lead-delivery.v2' }).success).toBe(false);
  });
});
