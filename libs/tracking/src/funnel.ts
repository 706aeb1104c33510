import { EVENT, type EventId } from './catalogue';
import { type PageType } from './page-types';

export interface FunnelStepDefinition {
  /** Step key in GetFunnel answers. */
  key: string;
  /** The event that counts for the step. */
  eventId: EventId;
  /** For page views: the page type the view must be of. */
  pageType?: PageType;
}

/**
 * The analysts' funnel, home → application → offers → lender click: distinct sessions that reached
 * each step (in any order within the range; conversion is relative to the first step).
 */
export const FUNNEL_STEPS: readonly FunnelStepDefinition[] = [
  { key: 'home', eventId: EVENT.pageView, pageType: 'home' },
  { key: 'application', eventId: EVENT.pageView, pageType: 'application' },
  { key: 'offers', eventId: EVENT.pageView, pageType: 'offers' },
  { key: 'lender_click', eventId: EVENT.offerClick },
];
