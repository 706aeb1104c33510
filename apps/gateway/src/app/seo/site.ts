/** The brand as visitors see it: header, og:site_name and the Organization in JSON-LD. */
export const SITE_NAME = 'Porównywarka pożyczek';

/** One-line description of the organisation for structured data (we are an intermediary). */
export const SITE_DESCRIPTION =
  'Bezpłatna porównywarka pożyczek i kredytów. Jesteśmy pośrednikiem: nie udzielamy pożyczek, pomagamy porównać oferty licencjonowanych pożyczkodawców.';
