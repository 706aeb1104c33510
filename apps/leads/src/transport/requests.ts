import { leadsV1 } from '@lib/contracts';
import { GROSZE_PER_ZLOTY, zlotyFromGrosze } from '@lib/finance';
import {
  contactMessageSchema,
  isEmail,
  MESSAGES,
  normalizeEmail,
  parseRegistrationFormVersion,
} from '@lib/pl-validation';
import { idempotencyKeyField } from '@lib/service-kit';
import { z } from 'zod';
import { CONSENT_KEYS_BY_TYPE, PURPOSE_VALUES } from '../application/lead-mappings';
import { type ConsentAnswer, type JourneyFields } from '../domain/application-journey';

/**
 * SubmitContactMessage: the very rules the contact form shows in the browser (@lib/pl-validation),
 * so each field violation carries the Polish message meant for the visitor, plus the form
 * submission's idempotency key.
 */
export const contactMessageRequest = contactMessageSchema
  .extend({ idempotencyKey: idempotencyKeyField })
  .transform(({ idempotencyKey, ...message }) => ({ message, idempotencyKey }));

/** Any text of a request: bounded before any rule looks at it. */
const text = (max: number) => z.string().max(max, `may have at most ${max} characters`);
const optionalUuid = z
  .string()
  .trim()
  .max(36)
  .transform((value, ctx) => {
    if (value === '') return undefined;
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value))
      ctx.addIssue({ code: 'custom', message: 'must be a UUID' });
    return value.toLowerCase();
  });
export const uuidField = optionalUuid
  .refine((value) => value !== undefined, 'is required')
  .transform((value) => value);

const attribution = z
  .object({
    utmSource: text(200),
    utmMedium: text(200),
    utmCampaign: text(200),
    utmContent: text(200),
    utmTerm: text(200),
    sessionId: text(36),
    clientId: text(36),
  })
  .nullish()
  .transform((value) => value ?? null);

const consent = z.object({
  type: z.number().int(),
  granted: z.boolean(),
  textVersion: text(64),
  grantedAt: text(40),
});

/**
 * SubmitApplication: limits on every field here; the journey rules (the forms' Polish messages) run
 * in the use case over the draft merged with what the step sends. Empty fields mean "not sent".
 */
export const submitApplicationRequest = z
  .object({
    amountGrosze: z.number().int().min(0).max(1_000_000_000),
    periodDays: z.number().int().min(0).max(100_000),
    purpose: z.number().int(),
    name: text(200),
    firstName: text(100),
    lastName: text(100),
    email: text(320),
    phone: text(40),
    pesel: text(20),
    idCard: text(20),
    bankAccount: text(60),
    incomeSource: text(40),
    consents: z.array(consent).max(20, 'at most 20 consents'),
    attribution,
    formVersion: z.number().int(),
    idempotencyKey: idempotencyKeyField,
    draftId: optionalUuid,
    step: z.enum(leadsV1.ApplicationStep, { error: 'must be a step of the journey' }),
  })
  .transform((request, ctx) => {
    const consents: Record<string, ConsentAnswer> = {};
    request.consents.forEach((c, i) => {
      const key = CONSENT_KEYS_BY_TYPE.get(c.type);
      if (!key)
        ctx.addIssue({
          code: 'custom',
          path: ['consents', i, 'type'],
          message: 'must be a consent the form asks for',
        });
      else consents[key] = { given: c.granted, textVersion: c.textVersion };
    });
    if (request.amountGrosze % GROSZE_PER_ZLOTY !== 0)
      ctx.addIssue({ code: 'custom', path: ['amountGrosze'], message: 'must be whole złoty' });
    // The one-field name of older callers: the last word is the last name.
    const [first, last] = splitName(request.name);
    const fields: JourneyFields = {
      amount: request.amountGrosze === 0 ? undefined : zlotyFromGrosze(request.amountGrosze),
      periodDays: request.periodDays === 0 ? undefined : request.periodDays,
      purpose: PURPOSE_VALUES.get(request.purpose) ?? (request.purpose === 0 ? undefined : 'unknown'),
      firstName: request.firstName || first,
      lastName: request.lastName || last,
      email: request.email || undefined,
      phone: request.phone || undefined,
      pesel: request.pesel || undefined,
      idCard: request.idCard || undefined,
      bankAccount: request.bankAccount || undefined,
      incomeSource: request.incomeSource || undefined,
      ...(Object.keys(consents).length > 0 ? { consents } : {}),
    };
    // Only '2' or '3'; anything else is ignored.
    const formVersion: 0 | 2 | 3 = parseRegistrationFormVersion(String(request.formVersion)) ?? 0;
    return {
      step: request.step as 0 | 1 | 2 | 3,
      draftId: request.draftId,
      idempotencyKey: request.idempotencyKey,
      formVersion,
      attribution: request.attribution,
      fields,
    };
  });

function splitName(name: string): [string | undefined, string | undefined] {
  const trimmed = name.trim();
  if (trimmed === '') return [undefined, undefined];
  const at = trimmed.lastIndexOf(' ');
  return at < 0 ? [trimmed, undefined] : [trimmed.slice(0, at).trim(), trimmed.slice(at + 1)];
}

export const getApplicationRequest = z.object({ applicationId: uuidField });

export const withdrawConsentRequest = z
  .object({ applicationId: uuidField, type: z.number().int() })
  .transform((request, ctx) => {
    const key = CONSENT_KEYS_BY_TYPE.get(request.type);
    if (!key)
      ctx.addIssue({ code: 'custom', path: ['type'], message: 'must be a consent the form asks for' });
    return { applicationId: request.applicationId, key: key! };
  });

export const evaluateEligibilityRequest = z.object({
  over18: z.boolean(),
  citizen: z.boolean(),
  validIdentity: z.boolean(),
  validBank: z.boolean(),
});

const PARTNER_MESSAGES = {
  company: 'Podaj nazwę firmy (od 2 do 200 znaków)',
  website: 'Podaj adres strony zaczynający się od http:// lub https:// (do 200 znaków)',
  trafficSources: 'Opis źródeł ruchu może mieć do 1000 znaków',
} as const;

/** SubmitPartnerEnquiry: the contact form's rules for the person, plus company, website and traffic sources. */
export const partnerEnquiryRequest = contactMessageSchema
  .extend({
    company: z.string().trim().min(2, PARTNER_MESSAGES.company).max(200, PARTNER_MESSAGES.company),
    website: z
      .string()
      .trim()
      .max(200, PARTNER_MESSAGES.website)
      .refine((v) => v === '' || /^https?:\/\/[^\s<>"]+$/i.test(v), PARTNER_MESSAGES.website)
      .transform((v) => v || undefined),
    trafficSources: z
      .string()
      .trim()
      .max(1000, PARTNER_MESSAGES.trafficSources)
      .transform((v) => v || undefined),
    idempotencyKey: idempotencyKeyField,
  })
  .transform(({ idempotencyKey, ...enquiry }) => ({ enquiry, idempotencyKey }));

/** Unsubscribe and RequestErasure: an e-mail and/or a phone, each valid when given, at least one. */
const subjectFields = {
  email: z
    .string()
    .trim()
    .max(254, MESSAGES.email)
    .refine((v) => v === '' || isEmail(v), MESSAGES.email)
    .transform((v) => (v === '' ? undefined : normalizeEmail(v))),
  // The contact form's rule: empty is "not given", otherwise a valid Polish phone in E.164.
  phone: contactMessageSchema.shape.phone,
  idempotencyKey: idempotencyKeyField,
};
export const SUBJECT_REQUIRED = 'Podaj adres e-mail lub numer telefonu';

const withSubject = <
  T extends { email: string | undefined; phone: string | undefined; idempotencyKey: string | undefined },
>(
  request: T,
  ctx: z.RefinementCtx,
) => {
  if (!request.email && !request.phone)
    ctx.addIssue({ code: 'custom', path: ['email'], message: SUBJECT_REQUIRED });
  return { subject: { email: request.email, phone: request.phone }, idempotencyKey: request.idempotencyKey };
};

export const unsubscribeRequest = z.object(subjectFields).transform(withSubject);
export const requestErasureRequest = z
  .object({ ...subjectFields, note: z.string().max(2000, 'Uwagi mogą mieć do 2000 znaków') })
  .transform(withSubject);
export const getErasureRequestRequest = z.object({ requestId: uuidField });

export const previewDeliveryRequest = z.object({ applicationId: uuidField });

/** A token from a link or a cookie: bounded and non-empty (its meaning is the use case's). */
const tokenField = z.string().trim().min(1, 'is required').max(200, 'is too long');

export const getApplicationStatusRequest = z.object({ statusToken: tokenField });

export const recordDeliveryStatusRequest = z.object({
  signature: z.string().max(300, 'is too long'),
  body: z.instanceof(Uint8Array).transform((bytes) => Buffer.from(bytes)),
});

/** RequestSelfServiceLink: exactly one of an e-mail and a phone, each valid. */
export const requestSelfServiceLinkRequest = z.object(subjectFields).transform((request, ctx) => {
  if (!request.email && !request.phone)
    ctx.addIssue({ code: 'custom', path: ['email'], message: SUBJECT_REQUIRED });
  if (request.email && request.phone)
    ctx.addIssue({
      code: 'custom',
      path: ['phone'],
      message: 'Podaj tylko jeden adres: e-mail albo numer telefonu',
    });
  return {
    subject: request.email
      ? { kind: 'email' as const, address: request.email }
      : { kind: 'phone' as const, address: request.phone ?? '' },
    idempotencyKey: request.idempotencyKey,
  };
});

export const openSelfServiceRequest = z.object({ linkToken: tokenField });
export const selfServiceSessionRequest = z.object({ sessionToken: tokenField });
export const withdrawSelfServiceConsentsRequest = z.object({
  sessionToken: tokenField,
  types: z.array(z.number().int()).min(1, 'name at least one consent').max(10),
});
export const eraseSelfServiceDataRequest = z.object({ sessionToken: tokenField, confirmed: z.boolean() });
