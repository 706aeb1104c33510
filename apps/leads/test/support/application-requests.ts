import { commonV1, leadsV1 } from '@lib/contracts';
import { CONSENTS } from '@lib/pl-validation';
import { randomUUID } from 'node:crypto';

/* Requests of the application journey the leads tests send: a whole application of a fresh person. */

export const PESEL = '90051401233';
export const BANK = '61109010140000071219812874';
export const consents = (overrides: Partial<Record<string, boolean>> = {}): leadsV1.Consent[] =>
  CONSENTS.map((c) => ({
    type: TYPES[c.key]!,
    granted: overrides[c.key] ?? (c.required || c.key === 'marketingEmail'),
    textVersion: c.version,
    grantedAt: '',
  }));
const TYPES: Record<string, leadsV1.ConsentType> = {
  terms: leadsV1.ConsentType.TERMS,
  matching: leadsV1.ConsentType.MATCHING,
  delivery: leadsV1.ConsentType.DELIVERY,
  creditBureau: leadsV1.ConsentType.CREDIT_BUREAU,
  marketingEmail: leadsV1.ConsentType.MARKETING_EMAIL,
  marketingSms: leadsV1.ConsentType.MARKETING_SMS,
  marketingPhone: leadsV1.ConsentType.MARKETING_PHONE,
};

export const empty: leadsV1.SubmitApplicationRequest = {
  amountGrosze: 0,
  periodDays: 0,
  purpose: commonV1.LoanPurpose.UNSPECIFIED,
  name: '',
  email: '',
  phone: '',
  consents: [],
  attribution: null,
  formVersion: 0,
  firstName: '',
  lastName: '',
  pesel: '',
  idCard: '',
  bankAccount: '',
  incomeSource: '',
  draftId: '',
  step: leadsV1.ApplicationStep.UNSPECIFIED,
};

/** A unique person per test (the rate limit counts per e-mail and phone in a shared Redis). */
export function person() {
  const n = Math.floor(Math.random() * 1_000_000);
  return {
    email: `jan.${randomUUID().slice(0, 8)}@example.pl`,
    phone: `+48 6${String(n).padStart(8, '0').slice(0, 8)}`,
  };
}

export const whole = (who = person()): leadsV1.SubmitApplicationRequest => ({
  ...empty,
  amountGrosze: 200_000,
  periodDays: 90,
  purpose: commonV1.LoanPurpose.MEDICAL,
  firstName: 'Jan',
  lastName: 'Kowalski',
  email: who.email,
  phone: who.phone,
  pesel: PESEL,
  idCard: 'ABA300000',
  bankAccount: BANK,
  incomeSource: 'employment',
  consents: consents(),
  formVersion: 2,
});

/**
 * The environment the sandbox lender file needs (an endpoint base and every lender's secret) for a
 * test that wants the lenders known but never reached: `port` is a free one nothing listens on.
 */
export function unreachableLenders(port: number): Record<string, string> {
  return {
    PARTNER_SANDBOX_URL: `http://127.0.0.1:${port}`,
    ...Object.fromEntries(
      ['VIVUS', 'WANDOO', 'KUKI', 'NETCREDIT', 'SMARTNEY', 'PROVIDENT'].map((n) => [
        `LENDER_SECRET_${n}`,
        'u'.repeat(64),
      ]),
    ),
  };
}
