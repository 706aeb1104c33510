import { EVENT } from '@lib/tracking';
import { isLenderLink, offerClickRecord, readClickContext } from './offer-click';

describe('offer click', () => {
  it('reads a known list and position, drops anything else', () => {
    expect(readClickContext(new URLSearchParams('z=offers&p=3'))).toEqual({ source: 'offers', position: 3 });
    expect(readClickContext(new URLSearchParams('z=evil&p=0'))).toEqual({ source: '', position: 0 });
    expect(readClickContext(new URLSearchParams('p=1.5'))).toEqual({ source: '', position: 0 });
    expect(readClickContext(new URLSearchParams('p=501'))).toEqual({ source: '', position: 0 });
  });

  it('accepts only absolute http(s) lender links without credentials', () => {
    expect(isLenderLink('https://lender.example/apply?x=1')).toBe(true);
    expect(isLenderLink('javascript:alert(1)')).toBe(false);
    expect(isLenderLink('//evil.example/')).toBe(false);
    expect(isLenderLink('https://user:pw@lender.example/')).toBe(false);
    expect(isLenderLink('')).toBe(false);
  });

  it('builds the offerClick record of the catalogue', () => {
    const record = offerClickRecord(
      { offerId: '12', lenderSlug: 'vivus', position: 2, source: 'offers' },
      {
        clientId: 'c',
        sessionId: 's',
        consent: 'granted',
        domain: 'example.pl',
        referer: 'https://example.pl/offers/',
        userAgent: 'ua',
        receivedAt: new Date('2026-11-24T20:00:00Z'),
        ingestId: 'i',
      },
      '/przejdz/12/',
    );
    expect(record).toMatchObject({
      event_id: EVENT.offerClick,
      sub4: '12',
      sub5: 'vivus',
      sub6: '2',
      sub7: 'offers',
      client_id: 'c',
      ingest_id: 'i',
      page_path: '/przejdz/12/',
    });
  });
});
