import {
  type DeliverableField,
  type DeliveryLender,
  type LeadDelivery,
  readLenderDirectory,
  signBody,
} from '@lib/partner-delivery';
import { type PartnerSandbox, SANDBOX_LENDER_FILE } from '@lib/testing';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';

/** Values for every field a lender may ask for; a delivery carries only those its lender requires. */
const APPLICANT: Required<LeadDelivery['applicant']> = {
  firstName: 'Jan',
  lastName: 'Kowalski',
  email: 'jan.kowalski@example.pl',
  phone: '+48600100200',
  age: 35,
  pesel: '90010112318',
  idCard: 'ABC123456',
  bankAccount: 'PL61109010140000071219812874',
  incomeSource: 'employment',
};

/** The sandbox's lenders as the sending side reads them, with the secrets the starter generated. */
export function sandboxLenders(sandbox: PartnerSandbox): Map<string, DeliveryLender> {
  const result = readLenderDirectory(readFileSync(SANDBOX_LENDER_FILE, 'utf8'), sandbox.env);
  if ('problems' in result) throw new Error(result.problems.join('\n'));
  return new Map(result.ok.lenders.map((l) => [l.slug, l]));
}

/** A lead-delivery.v1 for `lender` with exactly its required fields, changed as given. */
export function deliveryFor(
  lender: DeliveryLender,
  changes: {
    amountGrosze?: number;
    applicationId?: string;
    add?: DeliverableField[];
    drop?: DeliverableField[];
  } = {},
): LeadDelivery {
  const fields = [...lender.requiredFields, ...(changes.add ?? [])].filter((f) => !changes.drop?.includes(f));
  return {
    version: 'lead-delivery.v1',
    deliveryId: randomUUID(),
    applicationId: changes.applicationId ?? randomUUID(),
    lender: lender.slug,
    sentAt: new Date().toISOString(),
    loan: { amountGrosze: changes.amountGrosze ?? 100_000, periodDays: 30, purpose: 'other' },
    applicant: Object.fromEntries(fields.map((f) => [f, APPLICANT[f]])),
    consents: { creditBureau: true },
  };
}

export interface Answer {
  status: number;
  text: string;
  json: unknown;
}

/** POSTs a delivery to its lender's endpoint as our sender does: signed, with both id headers. */
export async function post(
  lender: DeliveryLender,
  delivery: LeadDelivery,
  options: { secret?: string; signedAt?: number; timeoutMs?: number; body?: string } = {},
): Promise<Answer> {
  const body = options.body ?? JSON.stringify(delivery);
  const response = await fetch(lender.endpoint, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-signature': signBody(options.secret ?? lender.secret, body, options.signedAt ?? Date.now() / 1000),
      'x-delivery-id': delivery.deliveryId,
      'idempotency-key': delivery.deliveryId,
    },
    body,
    signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
  });
  const text = await response.text();
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    json = null;
  }
  return { status: response.status, text, json };
}
