import { commonV1, leadsV1 } from '@lib/contracts';
import { type ConsentKey, type EligibilityBand, type LoanPurposeValue } from '@lib/pl-validation';
import { type ApplicationStatusValue } from '../persistence/application.entity';

/** The eligibility quiz's bands (@lib/pl-validation) as leads.v1.EligibilityEstimate. */
export const ELIGIBILITY_ESTIMATES: Readonly<Record<EligibilityBand, leadsV1.EligibilityEstimate>> = {
  high: leadsV1.EligibilityEstimate.HIGH,
  medium: leadsV1.EligibilityEstimate.MEDIUM,
  low: leadsV1.EligibilityEstimate.LOW,
};

/** common.v1.LoanPurpose ↔ the purpose values of the forms (@lib/pl-validation LOAN_PURPOSES). */
export const PURPOSE_VALUES: ReadonlyMap<commonV1.LoanPurpose, LoanPurposeValue> = new Map([
  [commonV1.LoanPurpose.CREDIT_CARD_REPAYMENT, 'credit_card_repayment'],
  [commonV1.LoanPurpose.DEBT_CONSOLIDATION, 'debt_consolidation'],
  [commonV1.LoanPurpose.MEDICAL, 'medical'],
  [commonV1.LoanPurpose.VACATION, 'vacation'],
  [commonV1.LoanPurpose.RENT, 'rent'],
  [commonV1.LoanPurpose.HOME_REPAIR, 'home_repair'],
  [commonV1.LoanPurpose.CAR_REPAIR, 'car_repair'],
  [commonV1.LoanPurpose.OTHER, 'other'],
]);
export const PURPOSE_BY_VALUE: ReadonlyMap<string, commonV1.LoanPurpose> = new Map(
  [...PURPOSE_VALUES].map(([type, value]) => [value, type]),
);

/**
 * leads.v1.ConsentType ↔ the consent keys of the forms (@lib/pl-validation CONSENTS): one consent
 * per purpose. DATA_PROCESSING and DATA_SHARING have no checkbox any more and are refused.
 */
export const CONSENT_KEYS_BY_TYPE: ReadonlyMap<leadsV1.ConsentType, ConsentKey> = new Map([
  [leadsV1.ConsentType.TERMS, 'terms'],
  [leadsV1.ConsentType.MATCHING, 'matching'],
  [leadsV1.ConsentType.DELIVERY, 'delivery'],
  [leadsV1.ConsentType.CREDIT_BUREAU, 'creditBureau'],
  [leadsV1.ConsentType.MARKETING_EMAIL, 'marketingEmail'],
  [leadsV1.ConsentType.MARKETING_SMS, 'marketingSms'],
  [leadsV1.ConsentType.MARKETING_PHONE, 'marketingPhone'],
]);
/**
 * Stored consent keys → ConsentType. 'privacy' is the single consent forms asked before the purposes
 * were split (its text covered matching and passing the application on): DATA_PROCESSING.
 */
export const CONSENT_TYPES_BY_KEY: ReadonlyMap<string, leadsV1.ConsentType> = new Map([
  ...[...CONSENT_KEYS_BY_TYPE].map(([type, key]): [string, leadsV1.ConsentType] => [key, type]),
  ['privacy', leadsV1.ConsentType.DATA_PROCESSING],
]);

/** The marketing consents an unsubscribe withdraws. */
export const MARKETING_CONSENTS: readonly ConsentKey[] = ['marketingEmail', 'marketingSms', 'marketingPhone'];

export const APPLICATION_STATUS: Record<ApplicationStatusValue, leadsV1.ApplicationStatus> = {
  draft: leadsV1.ApplicationStatus.DRAFT,
  received: leadsV1.ApplicationStatus.RECEIVED,
  matched: leadsV1.ApplicationStatus.MATCHED,
  rejected: leadsV1.ApplicationStatus.REJECTED,
  erased: leadsV1.ApplicationStatus.ERASED,
};
