/** The CSRF tokens of the site's form posts (csrf-token.ts); what features use of them. */
export {
  CSRF_COOKIE,
  CSRF_FIELD,
  CSRF_TOKEN_MAX_AGE_MS,
  type CsrfCheck,
  type CsrfKey,
  type CsrfRefusal,
  csrfBindingCookie,
  csrfKey,
  ensureCsrfBinding,
  issueCsrfToken,
  readCsrfBinding,
  verifyCsrfToken,
} from './csrf-token';
