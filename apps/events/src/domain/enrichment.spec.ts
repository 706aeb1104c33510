import { classifyUserAgent, enrichTrackingEvent } from './enrichment';
import { type ValidTrackingEvent } from './tracking-event';

const UA = {
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  android:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
  ipad: 'Mozilla/5.0 (iPad; CPU OS 16_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.0 Mobile/15E148 Safari/604.1',
  windows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
  smartTv:
    'Mozilla/5.0 (SMART-TV; Linux; Tizen 6.0) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/4.0 Chrome/76.0.3809.146 TV Safari/537.36',
  googlebot: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  curl: 'curl/8.5.0',
};

describe('classifyUserAgent', () => {
  it.each([
    [UA.iphone, 'mobile', false],
    [UA.android, 'mobile', false],
    [UA.ipad, 'tablet', false],
    [UA.windows, 'desktop', false],
    [UA.smartTv, 'tv', false],
    [UA.googlebot, 'bot', true],
    [UA.curl, 'bot', true],
    ['', 'unknown', false],
    [null, 'unknown', false],
    ['zupełnie nieznany klient', 'unknown', false],
  ])('%p is %p (bot: %p)', (ua, deviceClass, isBot) => {
    expect(classifyUserAgent(ua)).toEqual({ deviceClass, isBot });
  });
});

const valid = (overrides: Partial<ValidTrackingEvent> = {}): ValidTrackingEvent => ({
  ingestId: '9c1d2e3f-4a5b-4c6d-8e7f-a0b1c2d3e4f5',
  eventId: 5,
  providerId: null,
  sub1: null,
  sub3: null,
  sub4: 'pageView',
  sub5: null,
  sub6: null,
  sub7: null,
  sub8: null,
  utmSource: null,
  utmMedium: null,
  utmCampaign: null,
  utmContent: null,
  utmTerm: null,
  sessionId: '0b7e8c1a-2f4d-4e6b-9a1c-3d5e7f9a1b2c',
  clientId: null,
  domain: null,
  referer: null,
  pagePath: '/offers/',
  userAgent: UA.android,
  ipHash: null,
  consent: '',
  receivedAt: new Date('2026-11-20T10:00:00Z'),
  ...overrides,
});

describe('enrichTrackingEvent', () => {
  it('adds the catalogue name, the page type of the path and the device class', () => {
    expect(enrichTrackingEvent(valid())).toMatchObject({
      eventName: 'pageView',
      pageType: 'offers',
      deviceClass: 'mobile',
      isBot: false,
    });
  });

  it("gives an event without a path the page type 'other'", () => {
    expect(enrichTrackingEvent(valid({ pagePath: null, userAgent: UA.googlebot }))).toMatchObject({
      pageType: 'other',
      deviceClass: 'bot',
      isBot: true,
    });
  });
});
