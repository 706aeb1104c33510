import Bowser from 'bowser';
import { isbot } from 'isbot';
import { eventDefinition, pageTypeOf, type PageType } from '@lib/tracking';
import { type ValidTrackingEvent } from './tracking-event';

export const DEVICE_CLASSES = ['desktop', 'mobile', 'tablet', 'tv', 'bot', 'unknown'] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];

/** A valid event with what the service derives from it: the analysts' row and clean record. */
export interface EnrichedTrackingEvent extends ValidTrackingEvent {
  eventName: string;
  pageType: PageType;
  deviceClass: DeviceClass;
  isBot: boolean;
}

const KNOWN_PLATFORMS = new Set<string>(['desktop', 'mobile', 'tablet', 'tv', 'bot']);

export interface UserAgentClass {
  deviceClass: DeviceClass;
  isBot: boolean;
}

function parseUserAgent(ua: string): UserAgentClass {
  if (isbot(ua)) return { deviceClass: 'bot', isBot: true };
  const platform = Bowser.getParser(ua).getPlatformType(true);
  if (platform === 'bot') return { deviceClass: 'bot', isBot: true };
  return { deviceClass: KNOWN_PLATFORMS.has(platform) ? (platform as DeviceClass) : 'unknown', isBot: false };
}

/** Parsing one user agent takes tens of microseconds; traffic repeats a few thousand of them. */
const CACHE_SIZE = 10_000;
const cache = new Map<string, UserAgentClass>();

/**
 * Device class from the user agent: bowser (MIT, maintained, no dependencies) reads the platform
 * type; isbot's crawler list decides bots first, since bowser knows only some of them. Answers are
 * kept for the most recently seen user agents (a bounded LRU: a deterministic function, so this
 * changes only the speed).
 */
export function classifyUserAgent(userAgent: string | null): UserAgentClass {
  const ua = (userAgent ?? '').trim();
  if (ua === '') return { deviceClass: 'unknown', isBot: false };
  const known = cache.get(ua);
  if (known) {
    cache.delete(ua);
    cache.set(ua, known);
    return known;
  }
  const parsed = parseUserAgent(ua);
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
  cache.set(ua, parsed);
  return parsed;
}

/** Adds the event's catalogue name, the page type of its path and the device class and bot flag of its user agent. */
export function enrichTrackingEvent(event: ValidTrackingEvent): EnrichedTrackingEvent {
  return {
    ...event,
    eventName: eventDefinition(event.eventId)?.name ?? '',
    pageType: event.pagePath ? pageTypeOf(event.pagePath) : 'other',
    ...classifyUserAgent(event.userAgent),
  };
}
