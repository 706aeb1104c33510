export { isEmail, normalizeEmail } from './email';
export { normalizePolishMobile, normalizePolishPhone } from './phone';
export { isUuidV4, normalizeUuid } from './uuid';
export { contactMessageSchema, type ContactMessageInput, MESSAGES } from './contact-message';
export {
  isPagePath,
  isSlug,
  MAX_PAGE_PATH_LENGTH,
  MAX_SLUG_LENGTH,
  PAGE_PATH_PATTERN,
  SLUG_PATTERN,
} from './site-paths';
export { HIDDEN_CHARACTERS_MESSAGE, hasHiddenCharacters } from './names';
export {
  ADULT_AGE,
  ADULT_APPLICANTS,
  type ApplicantAges,
  type PeselData,
  ageOn,
  isApplicantAge,
  isPesel,
  parsePesel,
  peselCheckDigit,
} from './pesel';
export { isIdCardNumber, normalizeIdCardNumber } from './id-card';
export { isPolishBankAccount, normalizeNrb, toPolishIban } from './bank-account';
export {
  formatAmountInput,
  formatBankAccountInput,
  formatIdCardInput,
  formatPeselInput,
  formatPhoneInput,
} from './input-masks';
export {
  ELIGIBILITY_BAND_LABELS,
  ELIGIBILITY_BASIS,
  ELIGIBILITY_ITEMS,
  type EligibilityAnswers,
  type EligibilityBand,
  type EligibilityKey,
  type EligibilityResult,
  eligibilityReason,
  evaluateEligibility,
} from './eligibility';
export {
  APPLICATION_MESSAGES,
  CONSENTS,
  type ConsentKey,
  type ContactDetailsInput,
  IDENTITY_FIELDS,
  applicantAgeMessage,
  isApplicantAgeMessage,
  type IdentityField,
  INCOME_SOURCES,
  type IncomeSourceValue,
  LOAN_PURPOSES,
  LOAN_REQUEST_LIMITS,
  type CatalogueRange,
  type LoanPurposeValue,
  type LoanRequestInput,
  type LoanRequestLimits,
  type PersonalDetailsInput,
  contactDetailsSchema,
  loanRequestLimitsOf,
  loanRequestMessages,
  loanRequestSchema,
  loanRequestSchemaFor,
  wholeZlotyText,
  parseRegistrationFormVersion,
  personalDetailsSchema,
} from './application';
export { isKrs, isNip, isRegon, normalizeKrs, normalizeNip, normalizeRegon } from './company-ids';
