import { commonV1, leadsV1, type ServiceClient } from '@lib/contracts';
import { CONSENTS } from '@lib/pl-validation';
import { type CaughtMail } from '@lib/test-support';
import { randomUUID } from 'node:crypto';

/* What the self-service specs share: a person of one run, their application, the link in a mail. */

const TYPES: Record<string, leadsV1.ConsentType> = {
  terms: leadsV1.ConsentType.TERMS,
  matching: leadsV1.ConsentType.MATCHING,
  delivery: leadsV1.ConsentType.DELIVERY,
  creditBureau: leadsV1.ConsentType.CREDIT_BUREAU,
  marketingEmail: leadsV1.ConsentType.MARKETING_EMAIL,
  marketingSms: leadsV1.ConsentType.MARKETING_SMS,
  marketingPhone: leadsV1.ConsentType.MARKETING_PHONE,
};

export interface TestPerson {
  email: string;
  phone: string;
  firstName: string;
  lastName: string;
}

/** A person of this run only (the leads service limits links and applications per address and hour). */
export function testPerson(): TestPerson {
  return {
    email: `marta.${randomUUID().slice(0, 8)}@example.pl`,
    // A mobile range (60…), as the application's contact step requires.
    phone: `+48 60${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`,
    firstName: 'Marta',
    lastName: 'Wiśniewska',
  };
}

/**
 * A submitted application of the person, straight to the leads service: the required consents and
 * the e-mail and SMS marketing ones given, the rest (delivery among them) declined.
 */
export function submitApplicationOf(
  client: ServiceClient<'leads'>,
  who: TestPerson,
): Promise<leadsV1.SubmitApplicationResponse> {
  return client.submitApplication({
    amountGrosze: 200_000,
    periodDays: 90,
    purpose: commonV1.LoanPurpose.MEDICAL,
    name: '',
    email: who.email,
    phone: who.phone,
    consents: CONSENTS.map((consent) => ({
      type: TYPES[consent.key]!,
      granted: consent.required || consent.key === 'marketingEmail' || consent.key === 'marketingSms',
      textVersion: consent.version,
      grantedAt: '',
    })),
    attribution: null,
    formVersion: 2,
    firstName: who.firstName,
    lastName: who.lastName,
    pesel: '90051401233',
    idCard: 'ABA300000',
    bankAccount: '61109010140000071219812874',
    incomeSource: 'employment',
    draftId: '',
    step: leadsV1.ApplicationStep.UNSPECIFIED,
  });
}

/** The self-service link's path and query in a mail (`/moje-dane/?t=…`), whatever origin the service wrote. */
export const selfServiceLinkIn = (mail: CaughtMail): string | undefined =>
  /\/moje-dane\/\?t=[A-Za-z0-9._~-]+/.exec(mail.text ?? '')?.[0];
