import { renderToStaticMarkup } from 'react-dom/server';
import { FALLBACK_NAVIGATION } from '../../app/layouts/fallback-navigation';
import { RenderContextProvider } from '../../app/render-context';
import { SECTION_UNAVAILABLE, sectionOk } from '../../app/section';
import { createPolishLocale } from '../../shared/locale';
import { type ApplicationStatusData, type ApplicationStatusPageData } from './application-status-data';
import ApplicationStatusPage from './application-status-page';
import { STATUS_TEXTS } from './application-status-texts';

const render = (data: ApplicationStatusPageData) =>
  renderToStaticMarkup(
    <RenderContextProvider
      value={{
        locale: createPolishLocale('http://localhost:3000'),
        buildId: 'test',
        today: '2026-11-28',
        navigation: FALLBACK_NAVIGATION,
      }}
    >
      <ApplicationStatusPage data={data} />
    </RenderContextProvider>,
  )
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&');

const STATUS: ApplicationStatusData = {
  kind: 'status',
  refreshHref: '/moj-wniosek/?t=abc.123.mac',
  heading: 'Twój wniosek przekazaliśmy do 2 pożyczkodawców',
  amountGrosze: 200_000,
  periodDays: 90,
  submittedAt: '2026-11-28T17:40:00Z',
  submittedText: '28 listopada 2026 r., godz. 18:40',
  matchedOnly: null,
  lenders: [
    {
      deliveryId: 'd1',
      name: 'Smartney',
      state: 'accepted',
      stateText: 'przyjęty do rozpatrzenia',
      updatedAt: '2026-11-28T17:41:00Z',
      updatedText: '28 listopada 2026 r., godz. 18:41',
    },
    {
      deliveryId: 'd2',
      name: 'NetCredit',
      state: 'queued',
      stateText: 'w kolejce do wysłania',
      updatedAt: '',
      updatedText: '',
    },
  ],
  sandboxLenders: false,
  offers: sectionOk({
    items: [],
    total: 0,
    sponsored: [],
    label: '',
    request: { amountZl: 2_000, periodDays: 90 },
    otherPeriod: [],
    otherPeriodTotal: 0,
    unsupported: [],
    intermediaries: [],
    fallback: { path: '/offers/?suma=2000&okres=90', title: 'Wszystkie oferty' },
  }),
};

describe('the status page', () => {
  it('shows the heading, the amount and period, each lender’s state and change time, and a plain refresh link', () => {
    const html = render(STATUS);
    expect(html).toContain('<h1>Twój wniosek przekazaliśmy do 2 pożyczkodawców</h1>');
    expect(html).toMatch(/Wnioskujesz o 2\s000\szł na 90 dni\./);
    expect(html).toContain('data-state="accepted"');
    expect(html).toContain('Smartney');
    expect(html).toContain('przyjęty do rozpatrzenia');
    expect(html).toContain('<time dateTime="2026-11-28T17:41:00Z">28 listopada 2026 r., godz. 18:41</time>');
    expect(html).toContain('w kolejce do wysłania');
    expect(html).toContain(
      `href="/moj-wniosek/?t=abc.123.mac" data-refresh-status="">${STATUS_TEXTS.refresh}</a>`,
    );
    expect(html).not.toContain('http-equiv');
    expect(html).toContain(STATUS_TEXTS.noOffers);
  });

  it('says the lenders are test accounts when they are the partner sandbox’s, and only then', () => {
    expect(render(STATUS)).not.toContain('data-sample-notice');
    const sandbox = render({ ...STATUS, sandboxLenders: true });
    expect(sandbox).toContain('data-sample-notice="sandboxLenders"');
    expect(sandbox).toContain('Wniosek nie trafił do żadnej prawdziwej firmy');
  });

  it('says the application was matched only, with no lender list', () => {
    const declined = render({ ...STATUS, matchedOnly: 'declined', lenders: [], offers: SECTION_UNAVAILABLE });
    expect(declined).toContain(STATUS_TEXTS.declined);
    expect(declined).not.toContain('data-deliveries');
    expect(declined).toContain('Oferty są chwilowo niedostępne');
    expect(render({ ...STATUS, matchedOnly: 'no-lenders', lenders: [] })).toContain(STATUS_TEXTS.noLenders);
  });

  it('explains an invalid or expired link and leads to a new one', () => {
    const html = render({ kind: 'invalid' });
    expect(html).toContain(STATUS_TEXTS.invalidHeading);
    expect(html).toContain(STATUS_TEXTS.invalid);
    expect(html).toContain(`<a class="button" href="/unsubscribe/">${STATUS_TEXTS.newLink}</a>`);
  });

  it('says the status cannot be read now, with the refresh link', () => {
    const html = render({ kind: 'unavailable', refreshHref: '/moj-wniosek/?t=x' });
    expect(html).toContain(STATUS_TEXTS.unavailableHeading);
    expect(html).toContain('href="/moj-wniosek/?t=x"');
  });
});
