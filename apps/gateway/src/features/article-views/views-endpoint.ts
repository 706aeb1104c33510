/** Where the article page's script reports a view (POST): the beacon and the handler share it. */
export const ARTICLE_VIEWS_PATH = '/api/views';
