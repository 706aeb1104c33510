import {
  checkSignature,
  DELIVERABLE_FIELDS,
  type DeliverableField,
  DELIVERY_ID_HEADER,
  IDEMPOTENCY_KEY_HEADER,
  type LeadDelivery,
  leadDeliverySchema,
  MAX_MESSAGE_BYTES,
  SIGNATURE_HEADER,
} from '@lib/partner-delivery';
import { type HttpProblem } from '../application/replies';
import { type SandboxLender } from '../domain/sandbox-lenders';

/** A POST to /lenders/<slug>/applications as received; `body` is 'too-large' once it passed MAX_MESSAGE_BYTES. */
export interface DeliveryRequest {
  slug: string;
  headers: Readonly<Record<string, string | string[] | undefined>>;
  body: Buffer | 'too-large';
  nowSeconds: number;
}

export type DeliveryCheck =
  | { ok: true; lender: SandboxLender; delivery: LeadDelivery; fields: DeliverableField[] }
  | { ok: false; problem: HttpProblem };

const refuse = (status: number, code: string, message: string): DeliveryCheck => ({
  ok: false,
  problem: { status, code, message },
});

const header = (headers: DeliveryRequest['headers'], name: string): string | undefined => {
  const value = headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
};

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Every check a lender makes before it looks at an application, in this order (the first that
 * fails answers): the lender exists (404), the body's size (413), JSON content type (415), the
 * signature over the raw bytes with that lender's secret (401), the lead-delivery.v1 schema (400),
 * X-Delivery-Id and Idempotency-Key equal to the body's deliveryId (400), the body's lender equal
 * to the path's (400), every field the lender requires present and not empty (422), and no
 * applicant field it does not require (422: we send a lender only what it asks for).
 */
export function checkDelivery(
  request: DeliveryRequest,
  lenders: ReadonlyMap<string, SandboxLender>,
): DeliveryCheck {
  const lender = lenders.get(request.slug);
  if (!lender) return refuse(404, 'unknown-lender', `no lender "${request.slug}" in the sandbox`);
  if (!lender.enabled)
    return refuse(404, 'lender-disabled', `lender "${request.slug}" is disabled in the lender file`);
  if (request.body === 'too-large')
    return refuse(413, 'body-too-large', `the body is larger than ${MAX_MESSAGE_BYTES} bytes`);

  const [mediaType = '', ...parameters] = (header(request.headers, 'content-type') ?? '').split(';');
  const charset = parameters.map((p) => p.trim().toLowerCase()).find((p) => p.startsWith('charset='));
  if (mediaType.trim().toLowerCase() !== 'application/json' || (charset && charset !== 'charset=utf-8'))
    return refuse(415, 'unsupported-media-type', 'the body must be application/json (UTF-8)');

  const signatureProblem = checkSignature(
    header(request.headers, SIGNATURE_HEADER),
    request.body,
    lender.secret,
    request.nowSeconds,
  );
  if (signatureProblem)
    return refuse(401, `signature-${signatureProblem}`, `X-Signature: ${signatureProblem}`);

  let json: unknown;
  try {
    json = JSON.parse(utf8.decode(request.body));
  } catch (error) {
    return refuse(400, 'invalid-json', `the body is not UTF-8 JSON: ${(error as Error).message}`);
  }
  const parsed = leadDeliverySchema.safeParse(json);
  if (!parsed.success)
    return refuse(
      400,
      'invalid-delivery',
      parsed.error.issues.map((i) => `${i.path.join('.') || '(body)'}: ${i.message}`).join('; '),
    );
  const delivery = parsed.data;

  for (const [name, label] of [
    [DELIVERY_ID_HEADER, 'X-Delivery-Id'],
    [IDEMPOTENCY_KEY_HEADER, 'Idempotency-Key'],
  ] as const) {
    const value = header(request.headers, name);
    if (value === undefined || value.trim() === '')
      return refuse(400, 'missing-header', `${label} is missing`);
    if (value.trim() !== delivery.deliveryId)
      return refuse(400, 'header-mismatch', `${label} is not the body's deliveryId`);
  }
  if (delivery.lender !== lender.slug)
    return refuse(
      400,
      'lender-mismatch',
      `the body is for lender "${delivery.lender}", the path for "${lender.slug}"`,
    );

  const applicant: Partial<Record<DeliverableField, string | number | undefined>> = delivery.applicant;
  const given = DELIVERABLE_FIELDS.filter((f) => applicant[f] !== undefined);
  const missing = lender.requiredFields.filter((f) => applicant[f] === undefined || applicant[f] === '');
  if (missing.length > 0) return refuse(422, 'field-missing', `field-missing: ${missing.join(', ')}`);
  const extra = given.filter((f) => !lender.requiredFields.includes(f));
  if (extra.length > 0) return refuse(422, 'field-not-required', `field-not-required: ${extra.join(', ')}`);

  return { ok: true, lender, delivery, fields: given };
}
