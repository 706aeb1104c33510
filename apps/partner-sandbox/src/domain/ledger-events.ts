import { z } from 'zod';

/*
 * What the sandbox remembers, one event per line of its state file, written before the answer it
 * stands for: so after any crash the file says everything the sandbox ever answered. Personal data
 * is never kept, only the names of the applicant's fields that came.
 */

const at = z.iso.datetime({ offset: true });
const id = z.string().min(1).max(64);
const slug = z.string().min(1).max(64);
const decided = z.enum(['accepted', 'rejected']);

/** A 'decide-later' lender's decision, fixed when the delivery came and posted once it is due. */
export const laterDecisionSchema = z.strictObject({
  decision: decided,
  reason: z.string().optional(),
  /** When the callback is first sent, and the decidedAt it reports. */
  dueAt: at,
});
export type LaterDecision = z.output<typeof laterDecisionSchema>;

export const ledgerEventSchema = z.discriminatedUnion('type', [
  /** A new delivery, answered with `status` and `body` (what every repeat gets, byte for byte). */
  z.strictObject({
    type: z.literal('delivered'),
    at,
    deliveryId: id,
    applicationId: id,
    lender: slug,
    fields: z.array(z.string()),
    status: z.number().int(),
    body: z.string(),
    decision: z.enum(['accepted', 'rejected', 'pending']),
    reason: z.string().optional(),
    later: laterDecisionSchema.optional(),
  }),
  /** An attempt to a 'timeout' lender, which was never answered. */
  z.strictObject({
    type: z.literal('held'),
    at,
    deliveryId: id,
    applicationId: id,
    lender: slug,
    fields: z.array(z.string()),
  }),
  /** A delivery id seen before, answered with the stored first answer. */
  z.strictObject({ type: z.literal('repeated'), at, deliveryId: id }),
  /** The later decision's callback got a final answer (2xx, or a 4xx that retrying would not change). */
  z.strictObject({ type: z.literal('callback-done'), at, deliveryId: id, status: z.number().int() }),
]);
export type LedgerEvent = z.output<typeof ledgerEventSchema>;
