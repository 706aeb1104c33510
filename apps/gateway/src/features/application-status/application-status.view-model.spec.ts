import { leadsV1 } from '@lib/contracts';
import { SECTION_UNAVAILABLE } from '../../app/section';
import { createPolishLocale } from '../../shared/locale';
import {
  DELIVERY_STATE_TEXTS,
  STATUS_TEXTS,
  applicationStatusData,
  deliveredHeading,
  deliveryStateKey,
  everyDeliveryRejected,
  formatStatusTime,
} from './application-status.view-model';

const locale = createPolishLocale('http://localhost:3000');
const { DeliveryState } = leadsV1;

function delivery(
  state: leadsV1.DeliveryState,
  extra: Partial<leadsV1.LenderDelivery> = {},
): leadsV1.LenderDelivery {
  return {
    deliveryId: `d-${state}-${extra.lenderSlug ?? 'x'}`,
    lenderId: 124,
    lenderSlug: 'vivus',
    lenderName: 'Vivus',
    state,
    retrying: false,
    updatedAt: '2026-11-28T17:41:00Z',
    ...extra,
  };
}

function view(extra: Partial<leadsV1.ApplicationStatusView> = {}): leadsV1.ApplicationStatusView {
  return {
    applicationId: '3f1c2a9e-5b7d-4c1a-9e2f-0a1b2c3d4e5f',
    status: leadsV1.ApplicationStatus.MATCHED,
    amountGrosze: 200_000,
    periodDays: 90,
    submittedAt: '2026-11-28T17:40:00Z',
    deliveries: [],
    deliveryDeclined: false,
    sandboxLenders: false,
    ...extra,
  };
}

describe('the status page’s words', () => {
  it('says how many lenders got the application, in the right Polish form', () => {
    expect(deliveredHeading(1)).toBe('Twój wniosek przekazaliśmy do 1 pożyczkodawcy');
    for (const n of [2, 3, 4, 22, 24])
      expect(deliveredHeading(n)).toBe(`Twój wniosek przekazaliśmy do ${n} pożyczkodawców`);
    for (const n of [5, 11, 12, 14, 21, 25])
      expect(deliveredHeading(n)).toBe(`Twój wniosek przekazaliśmy do ${n} pożyczkodawców`);
  });

  it('names every delivery state in Polish, a queued retry as an error being retried', () => {
    const text = (state: leadsV1.DeliveryState, retrying = false) =>
      DELIVERY_STATE_TEXTS[deliveryStateKey(state, retrying)];
    expect(text(DeliveryState.QUEUED)).toBe('w kolejce do wysłania');
    expect(text(DeliveryState.QUEUED, true)).toBe('błąd – ponawiamy');
    expect(text(DeliveryState.SENT)).toBe('przekazany');
    expect(text(DeliveryState.ACCEPTED)).toBe('przyjęty do rozpatrzenia');
    expect(text(DeliveryState.REJECTED)).toBe('odrzucony');
    expect(text(DeliveryState.FAILED)).toBe('nie udało się przekazać');
    expect(text(DeliveryState.WITHDRAWN)).toBe('wstrzymany (zgoda wycofana)');
    expect(deliveryStateKey(DeliveryState.UNSPECIFIED, false)).toBe('unknown');
  });

  it('shows times in Warsaw (winter and summer time)', () => {
    expect(formatStatusTime(locale, '2026-11-28T17:41:00Z')).toBe('28 listopada 2026 r., godz. 18:41');
    expect(formatStatusTime(locale, '2026-07-01T22:05:00Z')).toBe('2 lipca 2026 r., godz. 00:05');
    expect(formatStatusTime(locale, '')).toBe('');
    expect(formatStatusTime(locale, 'wczoraj')).toBe('');
  });

  it('lists each lender with its state and last change', () => {
    const data = applicationStatusData(
      view({
        deliveries: [
          delivery(DeliveryState.ACCEPTED, { lenderName: 'Smartney', lenderSlug: 'smartney' }),
          delivery(DeliveryState.QUEUED, {
            lenderName: 'NetCredit',
            lenderSlug: 'netcredit',
            retrying: true,
          }),
        ],
      }),
      { locale, refreshHref: '/moj-wniosek/?t=abc', offers: SECTION_UNAVAILABLE },
    );
    expect(data.heading).toBe('Twój wniosek przekazaliśmy do 2 pożyczkodawców');
    expect(data.matchedOnly).toBeNull();
    expect(data.submittedText).toBe('28 listopada 2026 r., godz. 18:40');
    expect(data.lenders.map((l) => [l.name, l.state, l.stateText, l.updatedText])).toEqual([
      ['Smartney', 'accepted', 'przyjęty do rozpatrzenia', '28 listopada 2026 r., godz. 18:41'],
      ['NetCredit', 'retrying', 'błąd – ponawiamy', '28 listopada 2026 r., godz. 18:41'],
    ]);
  });

  it('says the application was matched only when the delivery consent was declined or no lender took it', () => {
    const declined = applicationStatusData(view({ deliveryDeclined: true }), {
      locale,
      refreshHref: '/moj-wniosek/?t=abc',
      offers: SECTION_UNAVAILABLE,
    });
    expect(declined).toMatchObject({
      matchedOnly: 'declined',
      heading: STATUS_TEXTS.matchedOnlyHeading,
      lenders: [],
    });
    const none = applicationStatusData(view(), { locale, refreshHref: '', offers: SECTION_UNAVAILABLE });
    expect(none.matchedOnly).toBe('no-lenders');
  });

  it('sends the applicant to the rejected landing only when every delivery (at least one) was rejected', () => {
    expect(everyDeliveryRejected(view())).toBe(false);
    expect(everyDeliveryRejected(view({ deliveries: [delivery(DeliveryState.REJECTED)] }))).toBe(true);
    expect(
      everyDeliveryRejected(
        view({ deliveries: [delivery(DeliveryState.REJECTED), delivery(DeliveryState.REJECTED)] }),
      ),
    ).toBe(true);
    expect(
      everyDeliveryRejected(
        view({ deliveries: [delivery(DeliveryState.REJECTED), delivery(DeliveryState.SENT)] }),
      ),
    ).toBe(false);
  });
});
