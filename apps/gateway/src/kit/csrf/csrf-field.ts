/**
 * The hidden form field (and JSON property) that carries a form's CSRF token. Its own module
 * without imports, so page components (browser chunks) can name it without the signing code.
 */
export const CSRF_FIELD = 'csrf_token';
