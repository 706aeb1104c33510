export {
  checkEventFields,
  EVENT,
  EVENT_CATALOGUE,
  eventDefinition,
  type EventDefinition,
  type EventId,
  type EventName,
  type EventOrigin,
  isKnownEventId,
  NON_VISIT_EVENT_IDS,
  SERVER_ONLY_EVENT_IDS,
  type SubField,
} from './catalogue';
export {
  type BrowserEvent,
  browserEventBodySchema,
  browserEventSchema,
  CONSENT_STATES,
  type ConsentState,
  type RawRecordContext,
  type RawTrackingRecord,
  rawTrackingRecordSchema,
  toRawTrackingRecord,
  TRACKING_LIMITS,
  TRACKING_TOPICS,
} from './event-shape';
export { FUNNEL_STEPS, type FunnelStepDefinition } from './funnel';
export { PAGE_TYPES, pageTypeOf, type PageType } from './page-types';
