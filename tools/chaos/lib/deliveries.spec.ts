import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  applicationRequest,
  deliveriesPassed,
  deliveryVerdict,
  duplicatePairs,
  formatDeliveryReport,
  submitFailure,
  timeoutLenders,
} from './deliveries.cjs';

const ROOT = path.join(__dirname, '../../..');
const CONSENTS = [
  { key: 'terms', required: true, version: 'terms-v1' },
  { key: 'matching', required: true, version: 'matching-v1' },
  { key: 'delivery', required: false, version: 'delivery-v1' },
  { key: 'creditBureau', required: false, version: 'credit-bureau-v1' },
  { key: 'marketingEmail', required: false, version: 'marketing-email-v1' },
];

describe('applicationRequest', () => {
  it('submits a whole application of its own person, with the delivery and required consents given', () => {
    const request = applicationRequest(7, '20261128', CONSENTS, 'key-7');
    expect(request).toMatchObject({
      amountGrosze: 200_000,
      periodDays: 90,
      email: 'chaos.20261128.7@example.pl',
      phone: '+48 690000007',
      step: 0,
      draftId: '',
      idempotencyKey: 'key-7',
    });
    expect(request.consents).toEqual([
      { type: 1, granted: true, textVersion: 'terms-v1', grantedAt: '' },
      { type: 8, granted: true, textVersion: 'matching-v1', grantedAt: '' },
      { type: 9, granted: true, textVersion: 'delivery-v1', grantedAt: '' },
      { type: 6, granted: true, textVersion: 'credit-bureau-v1', grantedAt: '' },
      { type: 4, granted: false, textVersion: 'marketing-email-v1', grantedAt: '' },
    ]);
    expect(applicationRequest(8, '20261128', CONSENTS, 'key-8').phone).not.toBe(request.phone);
  });

  it('refuses a consent it has no wire type for, rather than send a request the service refuses', () => {
    expect(() =>
      applicationRequest(1, 'r', [{ key: 'newsletter', required: false, version: 'v' }], 'k'),
    ).toThrow('no leads.v1.ConsentType for the consent "newsletter"');
  });

  it('knows every consent of the form', () => {
    // The compiled form may be absent in a fresh checkout; the source names the keys.
    const source = readFileSync(path.join(ROOT, 'libs/pl-validation/src/application.ts'), 'utf8');
    const keys = [...source.matchAll(/^ {4}key: '(\w+)',$/gm)].map((m) => m[1]!);
    expect(keys.length).toBeGreaterThanOrEqual(7);
    expect(() =>
      applicationRequest(
        1,
        'r',
        keys.map((key) => ({ key, required: false, version: 'v' })),
        'k',
      ),
    ).not.toThrow();
  });
});

describe('submitFailure', () => {
  it('sends again after no answer or an unavailable service, never after a refused request', () => {
    for (const code of [undefined, 1, 2, 4, 8, 10, 13, 14]) expect(submitFailure(code)).toBe('retry');
    for (const code of [3, 5, 6, 7, 9, 11, 12, 16]) expect(submitFailure(code)).toBe('rejected');
  });
});

describe('timeoutLenders', () => {
  it("reads the lenders that never answer from the sandbox's behaviour file", () => {
    const behaviour = JSON.parse(
      readFileSync(path.join(ROOT, 'apps/partner-sandbox/sandbox-behaviour.json'), 'utf8'),
    ) as { lenders: Record<string, string> };
    expect(timeoutLenders(behaviour)).toEqual(['provident']);
    expect(timeoutLenders({})).toEqual([]);
  });
});

describe('deliveryVerdict', () => {
  const A = 'app-a';
  const B = 'app-b';
  const OLD = 'app-from-an-earlier-run';
  const outbox = [
    { id: 'a-vivus', applicationId: A, lender: 'vivus', state: 'accepted' },
    { id: 'a-wandoo', applicationId: A, lender: 'wandoo', state: 'sent' },
    { id: 'a-provident', applicationId: A, lender: 'provident', state: 'queued' },
    { id: 'b-vivus', applicationId: B, lender: 'vivus', state: 'rejected' },
    { id: 'b-provident', applicationId: B, lender: 'provident', state: 'queued' },
    { id: 'old-kuki', applicationId: OLD, lender: 'kuki', state: 'queued' },
  ];
  const received = (deliveryId: string, applicationId: string, lender: string, attempts = 1) => ({
    deliveryId,
    applicationId,
    lender,
    attempts,
    repeats: attempts - 1,
    decision: 'accepted',
  });
  const sandbox = [
    received('a-vivus', A, 'vivus', 2),
    received('a-wandoo', A, 'wandoo'),
    received('a-provident', A, 'provident', 4),
    received('b-vivus', B, 'vivus'),
    received('old-kuki-1', OLD, 'kuki'),
    received('old-kuki-2', OLD, 'kuki'),
  ];
  const base = {
    submitted: 2,
    applicationIds: [A, B],
    rejected: 0,
    unconfirmed: 0,
    outbox,
    sandbox,
    waitingLenders: ['provident'],
  };

  it("counts this run's applications only: states, the sandbox's deliveries, attempts and repeats", () => {
    const verdict = deliveryVerdict(base);
    expect(verdict).toMatchObject({
      applications: 2,
      deliveries: 5,
      byState: { queued: 2, sent: 1, accepted: 1, rejected: 1, failed: 0, withdrawn: 0 },
      queuedLeft: 0,
      outboxDuplicates: [],
      sandbox: { deliveries: 4, attempts: 8, repeats: 4, repeatsToWaiting: 3, duplicates: [] },
      unrecorded: 0,
    });
    expect(deliveriesPassed(verdict)).toBe(true);
  });

  it('fails on an application delivered twice to a lender, on either side', () => {
    const twice = deliveryVerdict({ ...base, sandbox: [...sandbox, received('a-vivus-again', A, 'vivus')] });
    expect(twice.sandbox.duplicates).toEqual([
      { applicationId: A, lender: 'vivus', ids: ['a-vivus', 'a-vivus-again'] },
    ]);
    expect(deliveriesPassed(twice)).toBe(false);
    const outboxTwice = deliveryVerdict({
      ...base,
      outbox: [...outbox, { id: 'b-vivus-2', applicationId: B, lender: 'vivus', state: 'queued' }],
    });
    expect(outboxTwice.outboxDuplicates).toHaveLength(1);
    expect(deliveriesPassed(outboxTwice)).toBe(false);
  });

  it('fails on a delivery of a lender that answers still queued, on an answer the lender has no record of, and on a lost application', () => {
    const queued = deliveryVerdict({
      ...base,
      outbox: outbox.map((r) => (r.id === 'a-wandoo' ? { ...r, state: 'queued' } : r)),
    });
    expect(queued.queuedLeft).toBe(1);
    expect(deliveriesPassed(queued)).toBe(false);
    const unrecorded = deliveryVerdict({
      ...base,
      sandbox: sandbox.filter((d) => d.deliveryId !== 'b-vivus'),
    });
    expect(unrecorded.unrecorded).toBe(1);
    expect(deliveriesPassed(unrecorded)).toBe(false);
    expect(deliveriesPassed(deliveryVerdict({ ...base, submitted: 3, unconfirmed: 1 }))).toBe(false);
    expect(deliveriesPassed(deliveryVerdict({ ...base, rejected: 1 }))).toBe(false);
  });

  it('finds duplicate pairs once, whatever the order', () => {
    expect(
      duplicatePairs([
        { applicationId: A, lender: 'kuki', id: '2' },
        { applicationId: A, lender: 'kuki', id: '1' },
        { applicationId: A, lender: 'kuki', id: '2' },
        { applicationId: B, lender: 'kuki', id: '3' },
      ]),
    ).toEqual([{ applicationId: A, lender: 'kuki', ids: ['1', '2'] }]);
  });

  it('prints the counts, the duplicates and the recovery of each killed process', () => {
    const lines = formatDeliveryReport(deliveryVerdict(base), [
      { what: 'leads (pid 10) killed with SIGKILL', readyAfterSeconds: 4.21 },
      { what: 'partner sandbox (pid 11) killed with SIGKILL', readyAfterSeconds: undefined },
    ]);
    expect(lines).toEqual([
      'deliveries: 2 applications submitted with the delivery consent, 2 confirmed, 0 rejected, 0 never confirmed',
      '  outbox: 5 deliveries: queued 2, sent 1, accepted 1, rejected 1, failed 0, withdrawn 0',
      '  sandbox: 4 deliveries received in 8 requests, 4 repeats (retries recognised by their idempotency key; 3 of them to provident, which never answers), 0 duplicates (expected 0)',
      '  answers lost with the kill of leads: 0 (sent again under the same delivery id: 1 repeats to lenders that answer)',
      "  delivered twice to a lender: 0   queued left (not provident): 0   answered without the lender's record: 0   (expected 0, 0 and 0)",
      '  leads (pid 10) killed with SIGKILL: ready again after 4.2 s',
      '  partner sandbox (pid 11) killed with SIGKILL: NOT ready again',
    ]);
  });
});
