/**
 * The server's one door into the features besides the route table (app/routes) and the page
 * registry (app/pages): the HTTP handlers of the features' posts, what they need at start, and
 * the per-request form state a page address carries. Generic server code imports features only
 * through here (eslint.config.mjs keeps it so).
 */
export { articleViews, type ViewLimits } from '../features/article-views/article-views.api';
export { viewLimits } from '../features/article-views/view-limits';
export { visitCookies } from '../features/article-views/visit-cookie';
export { commentsApi } from '../features/comments/comments.api';
export { applicationApi } from '../features/application/application.api';
export { applicationLimiter } from '../features/application/application-rate-limit';
export { commentLimiter, commentRateLimit } from '../features/comments/comment-rate-limit';
import { type FormState } from '../app/form-state';
import { formStateFromQuery as commentFormState } from '../features/comments/comments-query';
import { converterFormState } from '../features/currency-converter/converter-query';

/**
 * The form state a GET address carries: the comment form's (`?komentarz=oczekuje`,
 * `?odpowiedz=<id>`) or the currency converter's sent without JavaScript (`?kwota=…&z=…&na=…`).
 */
export function pageFormState(query: URLSearchParams): FormState | undefined {
  return commentFormState(query) ?? converterFormState(query);
}
export { trackingApi } from '../features/tracking/tracking.api';
export { createEventDelivery } from '../features/tracking/tracking-delivery';
export { type EventDelivery } from '../features/tracking/event-delivery';
export { eventLimiter } from '../features/tracking/event-limits';
export { registerDeliveryMetrics } from '../features/tracking/delivery-metrics';
export { offersApi } from '../features/offers/offers.api';
export { contactApi } from '../features/contact/contact.api';
export { partnersApi } from '../features/partners/partners.api';
export { unsubscribeApi } from '../features/unsubscribe/unsubscribe.api';
export { assignPageExperiments } from '../features/experiments/page-experiments';
