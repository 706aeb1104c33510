/**
 * The server's one door into the features besides the route table (app/routes) and the page
 * registry (app/pages): the features' HTTP handlers (one line each, in the order the server's stack
 * runs them within a stage), the form state page addresses carry, and the few pieces main.ts wires
 * itself. Generic server code imports features only through here (eslint.config.mjs keeps it so).
 */
import { type FormState } from '../app/form-state';
import { type FeatureHandler, type QueryFormState } from '../kit/feature';
import { applicationFeature } from '../features/application/application.api';
import { applicationStatusFeature } from '../features/application-status/application-status.api';
import { partnerStatusFeature } from '../features/application-status/partner-status.api';
import { articleViewsFeature } from '../features/article-views/article-views.api';
import { commentsFeature } from '../features/comments/comments.api';
import { formStateFromQuery as commentFormState } from '../features/comments/comments-query';
import { contactFeature } from '../features/contact/contact.api';
import { cookieSettingsFeature } from '../features/consent/cookie-settings.api';
import { homeFeature } from '../features/home/home.api';
import { converterFormState } from '../features/currency-converter/converter-query';
import { offersFeature } from '../features/offers/offers.api';
import { partnersFeature } from '../features/partners/partners.api';
import { selfServiceFeature } from '../features/self-service/self-service.api';
import { trackingFeature } from '../features/tracking/tracking.api';
import { unsubscribeFeature } from '../features/unsubscribe/unsubscribe.api';

export const FEATURE_HANDLERS: readonly FeatureHandler[] = [
  commentsFeature,
  trackingFeature,
  articleViewsFeature,
  contactFeature,
  partnersFeature,
  unsubscribeFeature,
  cookieSettingsFeature,
  selfServiceFeature,
  applicationFeature,
  offersFeature,
  homeFeature,
  applicationStatusFeature,
  partnerStatusFeature,
];

/** GET addresses with form state: the comment form's (`?komentarz=oczekuje`, `?odpowiedz=<id>`), the converter's sent without JavaScript. */
const QUERY_FORM_STATES: readonly QueryFormState[] = [commentFormState, converterFormState];

/** The form state the first feature finds in a page address's query, if any. */
export function formStateOfQuery(query: URLSearchParams): FormState | undefined {
  for (const read of QUERY_FORM_STATES) {
    const state = read(query);
    if (state) return state;
  }
  return undefined;
}

export { createEventDelivery, createServerEventDelivery } from '../features/tracking/tracking-delivery';
export { createServerEventRecorder } from '../features/tracking/server-events';
export { type EventDelivery } from '../features/tracking/event-delivery';
export { registerDeliveryMetrics } from '../features/tracking/delivery-metrics';
export { assignPageExperiments } from '../features/experiments/page-experiments';
