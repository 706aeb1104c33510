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
  APPLICANT_AGE,
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
  ELIGIBILITY_ITEMS,
  type EligibilityAnswers,
  type EligibilityKey,
  type EligibilityResult,
  evaluateEligibility,
} from './eligibility';
export {
  APPLICATION_MESSAGES,
  CONSENTS,
  type ConsentKey,
  type ContactDetailsInput,
  IDENTITY_FIELDS,
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
