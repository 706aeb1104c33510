import { z } from 'zod';

/*
 * What goes over the wire between us and a lender, versioned: a lender integrates against one
 * version and a change that is not additive gets a new one.
 *
 *   us → lender   POST <endpoint>  LeadDelivery           answered 200 with a decision, or 202 'pending'
 *   lender → us   POST /api/partner/lead-status  LeadStatusCallback   (for the 'pending' ones, later)
 *
 * Both are signed (signature.ts). The delivery id is also the Idempotency-Key: a lender that sees
 * it again answers as it did the first time, so a retry after a lost answer is never a second
 * application.
 */
export const LEAD_DELIVERY_VERSION = 'lead-delivery.v1';
export const LEAD_ANSWER_VERSION = 'lead-answer.v1';
export const LEAD_STATUS_VERSION = 'lead-status.v1';

export const DELIVERY_ID_HEADER = 'x-delivery-id';
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

/** Largest body either side accepts. */
export const MAX_MESSAGE_BYTES = 16 * 1024;

/**
 * The applicant's fields a lender may ask for in its configuration; only those it asks for are
 * sent to it. `age` is whole years on the day of sending, worked out from the PESEL.
 */
export const DELIVERABLE_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'age',
  'pesel',
  'idCard',
  'bankAccount',
  'incomeSource',
] as const;
export type DeliverableField = (typeof DELIVERABLE_FIELDS)[number];

const uuid = z.uuid();
const reason = z.string().max(500).optional();

export const leadDeliverySchema = z.strictObject({
  version: z.literal(LEAD_DELIVERY_VERSION),
  deliveryId: uuid,
  applicationId: uuid,
  lender: z.string().min(1).max(64),
  sentAt: z.iso.datetime({ offset: true }),
  loan: z.strictObject({
    amountGrosze: z.number().int().positive(),
    periodDays: z.number().int().positive(),
    purpose: z.string().max(64),
  }),
  applicant: z.strictObject({
    firstName: z.string().max(100).optional(),
    lastName: z.string().max(100).optional(),
    email: z.string().max(254).optional(),
    phone: z.string().max(20).optional(),
    age: z.number().int().min(0).max(150).optional(),
    pesel: z.string().max(11).optional(),
    idCard: z.string().max(16).optional(),
    bankAccount: z.string().max(34).optional(),
    incomeSource: z.string().max(32).optional(),
  }),
  consents: z.strictObject({
    /** The applicant agreed to the lender checking credit bureaus. */
    creditBureau: z.boolean(),
  }),
});
export type LeadDelivery = z.output<typeof leadDeliverySchema>;

/** The lender's answer to a delivery, in its HTTP response body. */
export const leadAnswerSchema = z.object({
  version: z.literal(LEAD_ANSWER_VERSION),
  deliveryId: uuid,
  decision: z.enum(['accepted', 'rejected', 'pending']),
  reason,
});
export type LeadAnswer = z.output<typeof leadAnswerSchema>;

/** A lender's later decision about a delivery it answered 'pending'. */
export const leadStatusCallbackSchema = z.object({
  version: z.literal(LEAD_STATUS_VERSION),
  deliveryId: uuid,
  decision: z.enum(['accepted', 'rejected']),
  reason,
  decidedAt: z.iso.datetime({ offset: true }),
});
export type LeadStatusCallback = z.output<typeof leadStatusCallbackSchema>;
