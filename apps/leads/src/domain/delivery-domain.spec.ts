import { type DeliveryLender } from '@lib/partner-delivery';
import { deliveryBody } from './delivery-body';
import { callbackChange, judgeAttempt, MAX_DELIVERY_ATTEMPTS } from './delivery-outcome';
import { fieldsNeededBy, identityFieldsFor, planDeliveries } from './delivery-plan';
import { maskAddress, readStatusToken, statusToken } from './link-tokens';

const ID = '0b7e8c1a-2f4d-4e6b-9a1c-3d5e7f9a1b2c';
const answer = (decision: string, deliveryId = ID) =>
  JSON.stringify({
    version: 'lead-answer.v1',
    deliveryId,
    decision,
    reason: decision === 'rejected' ? 'limits' : undefined,
  });
const noJitter = () => 1;

describe('judgeAttempt', () => {
  it('takes a decision answered at once, and a receipt for a later one', () => {
    expect(judgeAttempt(ID, 1, { kind: 'answered', status: 200, body: answer('accepted') })).toMatchObject({
      state: 'accepted',
      httpStatus: 200,
    });
    expect(judgeAttempt(ID, 1, { kind: 'answered', status: 200, body: answer('rejected') })).toMatchObject({
      state: 'rejected',
      reason: 'limits',
    });
    expect(judgeAttempt(ID, 1, { kind: 'answered', status: 202, body: answer('pending') })).toMatchObject({
      state: 'sent',
    });
  });

  it('retries server errors, timeouts, lost connections and answers that are not about this delivery, with growing waits', () => {
    const first = judgeAttempt(ID, 1, { kind: 'answered', status: 503, body: 'busy' }, noJitter);
    const third = judgeAttempt(ID, 3, { kind: 'timeout' }, noJitter);
    expect(first).toMatchObject({ state: 'queued', httpStatus: 503, retryInMs: 5_000 });
    expect(third).toMatchObject({ state: 'queued', httpStatus: null, retryInMs: 20_000 });
    expect(judgeAttempt(ID, 1, { kind: 'network', message: 'ECONNREFUSED' })).toMatchObject({
      state: 'queued',
      detail: 'not reached: ECONNREFUSED',
    });
    expect(judgeAttempt(ID, 1, { kind: 'answered', status: 429, body: '' }).state).toBe('queued');
    expect(judgeAttempt(ID, 1, { kind: 'answered', status: 200, body: 'OK' }).state).toBe('queued');
    const other = '11111111-2222-4333-8444-555555555555';
    expect(
      judgeAttempt(ID, 1, { kind: 'answered', status: 200, body: answer('accepted', other) }).state,
    ).toBe('queued');
  });

  it('gives up on a refused request at once and on errors after the last attempt', () => {
    expect(
      judgeAttempt(ID, 1, { kind: 'answered', status: 422, body: 'field-not-required: pesel' }),
    ).toMatchObject({
      state: 'failed',
      httpStatus: 422,
      detail: 'HTTP 422: field-not-required: pesel',
    });
    expect(judgeAttempt(ID, MAX_DELIVERY_ATTEMPTS, { kind: 'timeout' })).toMatchObject({ state: 'failed' });
  });

  it('keeps at most 1000 characters of what the lender said', () => {
    const verdict = judgeAttempt(ID, 1, { kind: 'answered', status: 400, body: 'x'.repeat(5_000) });
    expect(verdict.detail.length).toBe(1000);
  });
});

describe('callbackChange', () => {
  it('applies a decision to a delivery waiting for one, repeats the same one, refuses a change of mind', () => {
    expect(callbackChange('sent', 'accepted')).toBe('apply');
    expect(callbackChange('queued', 'rejected')).toBe('apply');
    expect(callbackChange('accepted', 'accepted')).toBe('repeat');
    expect(callbackChange('accepted', 'rejected')).toBe('conflict');
    expect(callbackChange('withdrawn', 'accepted')).toBe('conflict');
  });
});

const lender = (
  slug: string,
  requiredFields: DeliveryLender['requiredFields'],
  enabled = true,
): DeliveryLender => ({
  slug,
  lenderId: 1,
  name: slug,
  enabled,
  endpoint: new URL(`https://${slug}.example/`),
  secret: 's'.repeat(32),
  requiredFields,
  timeoutMs: 1000,
});

describe('planDeliveries', () => {
  const lenders = [
    lender('vivus', ['firstName', 'pesel']),
    lender('kuki', ['phone']),
    lender('off', ['phone'], false),
  ];

  it('plans each matched lender of the file once, in match order, with its required fields', () => {
    const { planned, skipped } = planDeliveries(
      ['kuki', 'rupi', 'vivus', 'kuki', 'off'],
      lenders,
      new Set(['firstName', 'pesel', 'phone']),
      true,
    );
    expect(planned.map((p) => [p.lender.slug, p.fields])).toEqual([
      ['kuki', ['phone']],
      ['vivus', ['firstName', 'pesel']],
    ]);
    expect(skipped).toEqual([
      { slug: 'rupi', why: 'not-taking-applications' },
      { slug: 'off', why: 'disabled' },
    ]);
  });

  it('skips a lender whose required field the applicant did not give, and plans nothing without the consent', () => {
    expect(planDeliveries(['vivus'], lenders, new Set(['firstName']), true).skipped).toEqual([
      { slug: 'vivus', why: 'missing-fields', missing: ['pesel'] },
    ]);
    expect(
      planDeliveries(['vivus', 'kuki'], lenders, new Set(['firstName', 'pesel', 'phone']), false),
    ).toEqual({
      planned: [],
      skipped: [],
    });
  });

  it('asks the identity fields the matched lenders need, the PESEL for an age too', () => {
    expect([...identityFieldsFor(fieldsNeededBy(['vivus'], lenders))]).toEqual(['pesel']);
    expect([...identityFieldsFor(new Set(['age', 'bankAccount']))].sort()).toEqual(['bankAccount', 'pesel']);
    expect(identityFieldsFor(fieldsNeededBy(['kuki', 'off'], lenders)).size).toBe(0);
  });
});

describe('deliveryBody', () => {
  it("holds exactly the lender's fields, the age counted from the PESEL on the given day", () => {
    const body = deliveryBody(
      {
        deliveryId: ID,
        applicationId: '5f0c3b2a-8d7e-4f1a-b2c3-d4e5f6a7b8c9',
        lenderSlug: 'kuki',
        amountGrosze: 200_000,
        periodDays: 90,
        purpose: 'medical',
        incomeSource: 'employment',
        personal: { firstName: 'Jan', phone: '+48600100200', pesel: '90051401233', idCard: 'ABA300000' },
        creditBureauConsent: false,
      },
      ['phone', 'age', 'incomeSource'],
      '2026-05-13',
      new Date('2026-05-13T10:00:00Z'),
    );
    expect(body.applicant).toEqual({ phone: '+48600100200', age: 35, incomeSource: 'employment' });
    expect(body).toMatchObject({
      version: 'lead-delivery.v1',
      lender: 'kuki',
      consents: { creditBureau: false },
    });
  });
});

describe('status tokens', () => {
  const key = Buffer.alloc(32, 3);
  const now = new Date('2026-11-28T12:00:00Z');

  it('name their application until they expire, and nothing once altered', () => {
    const token = statusToken(key, ID, now);
    expect(readStatusToken(key, token, now)).toBe(ID);
    expect(readStatusToken(key, token, new Date(now.getTime() + 29 * 86_400_000))).toBe(ID);
    expect(readStatusToken(key, token, new Date(now.getTime() + 31 * 86_400_000))).toBeNull();
    expect(readStatusToken(Buffer.alloc(32, 4), token, now)).toBeNull();
    const [id, expires, mac] = token.split('.');
    expect(readStatusToken(key, `${id}.${Number(expires) + 86_400}.${mac}`, now)).toBeNull();
    expect(readStatusToken(key, 'not-a-token', now)).toBeNull();
  });

  it('mask the address shown on the self-service page', () => {
    expect(maskAddress('email', 'anna.nowak@example.pl')).toBe('a***@example.pl');
    expect(maskAddress('phone', '+48600100200')).toBe('+48 *** *** 200');
  });
});
