/** The brand as visitors see it: header, og:site_name and the Organization in JSON-LD. */
export const SITE_NAME = 'Porównywarka pożyczek';

/**
 * One-line description of the organisation for structured data (we are a credit intermediary). It
 * says "pożyczkodawców", not "licencjonowanych pożyczkodawców": a licence is stated only where the
 * lender facts confirm it, lender by lender, never of all of them at once.
 */
export const SITE_DESCRIPTION =
  'Bezpłatna porównywarka pożyczek i kredytów. Jesteśmy pośrednikiem kredytowym: nie udzielamy pożyczek, pomagamy porównać oferty pożyczkodawców.';
