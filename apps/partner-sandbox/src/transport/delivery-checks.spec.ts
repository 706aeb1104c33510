import { MAX_MESSAGE_BYTES, signBody } from '@lib/partner-delivery';
import { type SandboxLender } from '../domain/sandbox-lenders';
import { checkDelivery, type DeliveryRequest } from './delivery-checks';

const SECRET = 'k'.repeat(64);
const NOW = 1_760_000_000;
const DELIVERY_ID = '6f1c2a34-5b6d-4e7f-8a9b-0c1d2e3f4a5b';

const kuki: SandboxLender = {
  slug: 'kuki',
  name: 'Kuki',
  enabled: true,
  secret: SECRET,
  requiredFields: ['firstName', 'lastName', 'phone', 'age'],
  behaviour: 'decide',
  limits: { offerId: 2011, amountMinGrosze: 10_000, amountMaxGrosze: 500_000, ageMin: 18, ageMax: 75 },
};
const lenders = new Map<string, SandboxLender>([
  ['kuki', kuki],
  ['off', { ...kuki, slug: 'off', enabled: false }],
]);

const delivery = (changes: Record<string, unknown> = {}, applicant: Record<string, unknown> = {}) => ({
  version: 'lead-delivery.v1',
  deliveryId: DELIVERY_ID,
  applicationId: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  lender: 'kuki',
  sentAt: '2025-10-09T08:53:20.000Z',
  loan: { amountGrosze: 100_000, periodDays: 30, purpose: 'other' },
  applicant: { firstName: 'Jan', lastName: 'Kowalski', phone: '+48600100200', age: 35, ...applicant },
  consents: { creditBureau: true },
  ...changes,
});

/** A request as our sender makes it, with the parts a test changes. */
const request = (
  options: {
    slug?: string;
    /** 'too-large' stands for a body the reader stopped at the limit. */
    body?: string | Buffer;
    headers?: Record<string, string | undefined>;
    secret?: string;
    signedAt?: number;
  } = {},
): DeliveryRequest => {
  const body = options.body ?? JSON.stringify(delivery());
  const signed =
    body === 'too-large' ? '' : signBody(options.secret ?? SECRET, body, options.signedAt ?? NOW);
  return {
    slug: options.slug ?? 'kuki',
    body: body === 'too-large' ? body : Buffer.isBuffer(body) ? body : Buffer.from(body, 'utf8'),
    nowSeconds: NOW,
    headers: {
      'content-type': 'application/json',
      'x-signature': signed,
      'x-delivery-id': DELIVERY_ID,
      'idempotency-key': DELIVERY_ID,
      ...options.headers,
    },
  };
};
const problemOf = (input: DeliveryRequest) => {
  const result = checkDelivery(input, lenders);
  return result.ok ? null : result.problem;
};

describe('checkDelivery', () => {
  it('passes a delivery with exactly the required fields and names the fields that came', () => {
    const result = checkDelivery(request(), lenders);
    expect(
      result.ok && { lender: result.lender.slug, fields: result.fields, id: result.delivery.deliveryId },
    ).toEqual({
      lender: 'kuki',
      fields: ['firstName', 'lastName', 'phone', 'age'],
      id: DELIVERY_ID,
    });
  });

  it('accepts a charset=utf-8 parameter on the content type', () => {
    expect(problemOf(request({ headers: { 'content-type': 'application/json; charset=UTF-8' } }))).toBeNull();
  });

  it('answers 404 for an unknown lender and for a disabled one', () => {
    expect(problemOf(request({ slug: 'nobody' }))).toMatchObject({ status: 404, code: 'unknown-lender' });
    expect(problemOf(request({ slug: 'off' }))).toMatchObject({ status: 404, code: 'lender-disabled' });
  });

  it('answers 413 for a body over the limit', () => {
    expect(problemOf(request({ body: 'too-large' }))).toEqual({
      status: 413,
      code: 'body-too-large',
      message: `the body is larger than ${MAX_MESSAGE_BYTES} bytes`,
    });
  });

  it.each([undefined, 'text/plain', 'application/json; charset=latin1', 'application/jsonx'])(
    'answers 415 for content type %p',
    (contentType) => {
      expect(problemOf(request({ headers: { 'content-type': contentType } }))).toMatchObject({
        status: 415,
        code: 'unsupported-media-type',
      });
    },
  );

  it('answers 401 naming the signature problem', () => {
    expect(problemOf(request({ headers: { 'x-signature': undefined } }))).toEqual({
      status: 401,
      code: 'signature-missing',
      message: 'X-Signature: missing',
    });
    expect(problemOf(request({ headers: { 'x-signature': 't=1,v1=zz' } }))).toMatchObject({
      status: 401,
      code: 'signature-malformed',
    });
    expect(problemOf(request({ signedAt: NOW - 301 }))).toMatchObject({
      status: 401,
      code: 'signature-outside-window',
    });
    expect(problemOf(request({ secret: 'x'.repeat(64) }))).toMatchObject({
      status: 401,
      code: 'signature-mismatch',
    });
  });

  it('checks the signature over the bytes as received: the same JSON re-spaced does not pass', () => {
    const body = JSON.stringify(delivery());
    const input = request({ body });
    expect(problemOf({ ...input, body: Buffer.from(JSON.stringify(delivery(), null, 1)) })).toMatchObject({
      status: 401,
      code: 'signature-mismatch',
    });
  });

  it('answers 400 for a body that is not JSON or not a lead-delivery.v1', () => {
    expect(problemOf(request({ body: '{"version":' }))).toMatchObject({ status: 400, code: 'invalid-json' });
    expect(problemOf(request({ body: Buffer.from([0x7b, 0xff, 0x7d]) }))).toMatchObject({
      status: 400,
      code: 'invalid-json',
    });
    expect(
      problemOf(request({ body: JSON.stringify(delivery({ version: 'lead-delivery.v2' })) })),
    ).toMatchObject({
      status: 400,
      code: 'invalid-delivery',
      message: expect.stringContaining('version'),
    });
    expect(problemOf(request({ body: JSON.stringify(delivery({}, { shoeSize: 44 })) }))).toMatchObject({
      status: 400,
      code: 'invalid-delivery',
    });
  });

  it('answers 400 when X-Delivery-Id or Idempotency-Key is missing or another id', () => {
    expect(problemOf(request({ headers: { 'x-delivery-id': undefined } }))).toEqual({
      status: 400,
      code: 'missing-header',
      message: 'X-Delivery-Id is missing',
    });
    expect(problemOf(request({ headers: { 'idempotency-key': '' } }))).toEqual({
      status: 400,
      code: 'missing-header',
      message: 'Idempotency-Key is missing',
    });
    expect(
      problemOf(request({ headers: { 'idempotency-key': '00000000-0000-4000-8000-000000000000' } })),
    ).toEqual({
      status: 400,
      code: 'header-mismatch',
      message: "Idempotency-Key is not the body's deliveryId",
    });
  });

  it('answers 400 when the body is for another lender than the path', () => {
    expect(problemOf(request({ body: JSON.stringify(delivery({ lender: 'vivus' })) }))).toMatchObject({
      status: 400,
      code: 'lender-mismatch',
    });
  });

  it('answers 422 for a required field that is absent or empty', () => {
    expect(problemOf(request({ body: JSON.stringify(delivery({}, { phone: undefined })) }))).toEqual({
      status: 422,
      code: 'field-missing',
      message: 'field-missing: phone',
    });
    expect(
      problemOf(request({ body: JSON.stringify(delivery({}, { firstName: '', age: undefined })) })),
    ).toEqual({
      status: 422,
      code: 'field-missing',
      message: 'field-missing: firstName, age',
    });
  });

  it('answers 422 for any applicant field the lender does not require', () => {
    expect(problemOf(request({ body: JSON.stringify(delivery({}, { email: 'jan@example.pl' })) }))).toEqual({
      status: 422,
      code: 'field-not-required',
      message: 'field-not-required: email',
    });
    expect(
      problemOf(request({ body: JSON.stringify(delivery({}, { pesel: '', incomeSource: 'employment' })) })),
    ).toMatchObject({ message: 'field-not-required: pesel, incomeSource' });
  });

  it('checks in order: the first failing check answers', () => {
    const everythingWrong = { body: JSON.stringify(delivery({ lender: 'vivus' }, { email: 'x' })) };
    expect(problemOf(request({ ...everythingWrong, slug: 'nobody' }))?.status).toBe(404);
    expect(problemOf(request({ body: 'too-large', headers: { 'content-type': 'text/plain' } }))?.status).toBe(
      413,
    );
    expect(
      problemOf(
        request({ ...everythingWrong, headers: { 'content-type': 'text/plain' }, secret: 'x'.repeat(64) }),
      )?.status,
    ).toBe(415);
    expect(problemOf(request({ body: '{', secret: 'x'.repeat(64) }))?.status).toBe(401);
    expect(
      problemOf(
        request({
          body: JSON.stringify(delivery({ version: 'v0' })),
          headers: { 'x-delivery-id': undefined },
        }),
      )?.code,
    ).toBe('invalid-delivery');
    expect(problemOf(request({ ...everythingWrong, headers: { 'x-delivery-id': undefined } }))?.code).toBe(
      'missing-header',
    );
    expect(
      problemOf(request({ body: JSON.stringify(delivery({ lender: 'vivus' }, { phone: undefined })) }))?.code,
    ).toBe('lender-mismatch');
    expect(
      problemOf(request({ body: JSON.stringify(delivery({}, { phone: undefined, email: 'x' })) }))?.code,
    ).toBe('field-missing');
  });
});
