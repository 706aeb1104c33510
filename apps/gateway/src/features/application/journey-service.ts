/**
 * The journey's calls to the leads service (server only): a validated step → SubmitApplicationRequest,
 * a draft (GetApplication) → the values its forms are filled with.
 */
import { commonV1, leadsV1 } from '@lib/contracts';
import { groszeFromZloty, zlotyFromGrosze } from '@lib/finance';
import {
  CONSENTS,
  type ContactDetailsInput,
  type LoanPurposeValue,
  type LoanRequestInput,
  type PersonalDetailsInput,
} from '@lib/pl-validation';
import { FORM_FIELDS, type FormVersion, type JourneyStep, consentField } from './journey';

/** common.v1.LoanPurpose ↔ the forms' purpose values. */
const PURPOSE_ENUM: Record<LoanPurposeValue, commonV1.LoanPurpose> = {
  credit_card_repayment: commonV1.LoanPurpose.CREDIT_CARD_REPAYMENT,
  debt_consolidation: commonV1.LoanPurpose.DEBT_CONSOLIDATION,
  medical: commonV1.LoanPurpose.MEDICAL,
  vacation: commonV1.LoanPurpose.VACATION,
  rent: commonV1.LoanPurpose.RENT,
  home_repair: commonV1.LoanPurpose.HOME_REPAIR,
  car_repair: commonV1.LoanPurpose.CAR_REPAIR,
  other: commonV1.LoanPurpose.OTHER,
};

function purposeValue(purpose: commonV1.LoanPurpose): string {
  for (const [value, type] of Object.entries(PURPOSE_ENUM)) if (type === purpose) return value;
  return '';
}

/**
 * leads.v1.ConsentType of each consent key of the form (the leads service's mapping): one consent
 * per purpose. The privacy policy is information linked on the form, not a consent.
 */
export const CONSENT_TYPE: Record<(typeof CONSENTS)[number]['key'], leadsV1.ConsentType> = {
  terms: leadsV1.ConsentType.TERMS,
  matching: leadsV1.ConsentType.MATCHING,
  delivery: leadsV1.ConsentType.DELIVERY,
  creditBureau: leadsV1.ConsentType.CREDIT_BUREAU,
  marketingEmail: leadsV1.ConsentType.MARKETING_EMAIL,
  marketingSms: leadsV1.ConsentType.MARKETING_SMS,
  marketingPhone: leadsV1.ConsentType.MARKETING_PHONE,
};

/** A step as validated by its @lib/pl-validation schema. */
export type ValidStep =
  | { step: 'loan'; input: LoanRequestInput }
  | { step: 'contact'; input: ContactDetailsInput }
  | { step: 'personal'; input: PersonalDetailsInput };

/** A SubmitApplicationRequest with every field unset (each step fills its own). */
export const EMPTY_REQUEST: leadsV1.SubmitApplicationRequest = {
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

export interface StepCall {
  valid: ValidStep;
  draftId: string | undefined;
  formVersion: FormVersion;
  /** The last step submits the application under this key; earlier steps save the draft. */
  idempotencyKey?: string;
  attribution: leadsV1.Attribution | null;
  /** When the consents were answered. */
  now: Date;
}

/** SubmitApplication for one step: a draft save for the first two, the submission for the last. */
export function submitRequest({
  valid,
  draftId,
  formVersion,
  idempotencyKey,
  attribution,
  now,
}: StepCall): leadsV1.SubmitApplicationRequest {
  const base = { ...EMPTY_REQUEST, draftId: draftId ?? '', formVersion, attribution };
  switch (valid.step) {
    case 'loan':
      return {
        ...base,
        step: leadsV1.ApplicationStep.LOAN_REQUEST,
        amountGrosze: groszeFromZloty(valid.input.amount),
        periodDays: valid.input.periodDays,
        purpose: PURPOSE_ENUM[valid.input.purpose],
      };
    case 'contact':
      return { ...base, step: leadsV1.ApplicationStep.CONTACT_DETAILS, ...valid.input };
    case 'personal': {
      const { consents, pesel, idCard, bankAccount, incomeSource } = valid.input;
      return {
        ...base,
        // Unset: the application is submitted, the draft (every earlier step) becoming the lead.
        step: leadsV1.ApplicationStep.UNSPECIFIED,
        // A field the form did not ask (no lender it goes to needs it) is sent empty, never stored.
        pesel: pesel ?? '',
        idCard: idCard ?? '',
        bankAccount: bankAccount ?? '',
        incomeSource,
        consents: CONSENTS.map((consent) => ({
          type: CONSENT_TYPE[consent.key],
          granted: consents[consent.key].given,
          textVersion: consents[consent.key].textVersion,
          grantedAt: now.toISOString(),
        })),
        ...(idempotencyKey ? { idempotencyKey } : {}),
      };
    }
  }
}

/** A draft's values by form field name, for the forms of the journey; consents given are ticked. */
export function draftValues(draft: leadsV1.Application): Record<string, string> {
  const values: Record<string, string> = {
    [FORM_FIELDS.amount]: draft.amountGrosze > 0 ? String(zlotyFromGrosze(draft.amountGrosze)) : '',
    [FORM_FIELDS.periodDays]: draft.periodDays > 0 ? String(draft.periodDays) : '',
    [FORM_FIELDS.purpose]: purposeValue(draft.purpose),
    [FORM_FIELDS.firstName]: draft.firstName,
    [FORM_FIELDS.lastName]: draft.lastName,
    [FORM_FIELDS.email]: draft.email,
    [FORM_FIELDS.phone]: draft.phone,
    [FORM_FIELDS.pesel]: draft.pesel,
    [FORM_FIELDS.idCard]: draft.idCard,
    [FORM_FIELDS.bankAccount]: draft.bankAccount,
    [FORM_FIELDS.incomeSource]: draft.incomeSource,
  };
  for (const consent of CONSENTS) {
    const answer = draft.consents.find((c) => c.type === CONSENT_TYPE[consent.key]);
    // Ticked again only for the text the visitor saw; a changed text is asked afresh.
    if (answer?.granted && answer.textVersion === consent.version) values[consentField(consent.key)] = 'on';
  }
  return values;
}

/** The furthest step a draft lets the visitor open: one after the last saved (the loan request first). */
export function reachableStep(draft: leadsV1.Application | null): JourneyStep {
  if (!draft || draft.status !== leadsV1.ApplicationStatus.DRAFT) return 'loan';
  if (draft.step === leadsV1.ApplicationStep.LOAN_REQUEST) return 'contact';
  if (
    draft.step === leadsV1.ApplicationStep.CONTACT_DETAILS ||
    draft.step === leadsV1.ApplicationStep.PERSONAL_DETAILS
  )
    return 'personal';
  return 'loan';
}
