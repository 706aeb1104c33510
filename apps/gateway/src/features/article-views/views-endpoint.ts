/** Where the article page's script reports a view (POST): the beacon and the handler share it. */
export const ARTICLE_VIEWS_PATH = '/api/views';

/**
 * The answer (200, JSON) to a report that came without a visit cookie: nothing was counted, the
 * answer sets the cookie, and the beacon sends the same report once more.
 */
export const VIEW_RESEND = { counted: false, resend: true } as const;
