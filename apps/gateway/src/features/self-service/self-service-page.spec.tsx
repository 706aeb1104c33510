import { renderToStaticMarkup } from 'react-dom/server';
import { FALLBACK_NAVIGATION } from '../../app/layouts/fallback-navigation';
import { RenderContextProvider } from '../../app/render-context';
import { createPolishLocale } from '../../shared/locale';
import { type OverviewView, type SelfServicePageData } from './self-service-data';
import SelfServicePage from './self-service-page';
import { LINK_REFUSAL_TEXTS, SELF_SERVICE_TEXTS } from './self-service-texts';

function page(data: SelfServicePageData): string {
  return renderToStaticMarkup(
    <RenderContextProvider
      value={{
        locale: createPolishLocale('http://localhost:3000'),
        buildId: 'test',
        today: '2026-11-28',
        navigation: FALLBACK_NAVIGATION,
      }}
    >
      <SelfServicePage data={data} />
    </RenderContextProvider>,
  );
}

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ');
/** The opening tags of the elements matching a pattern. */
const tags = (html: string, pattern: RegExp) => [...html.matchAll(pattern)].map((match) => match[0]);

const OVERVIEW: OverviewView = {
  maskedAddress: 'a***@example.pl',
  applications: 1,
  contactMessages: 2,
  pendingDeliveries: 1,
  marketingStopped: false,
  sessionExpiresAt: '2026-11-28T12:30:00Z',
  consents: [
    {
      key: 'matching',
      label: 'Dopasowanie ofert pożyczkodawców do wniosku',
      text: 'Zgadzam się…',
      state: 'granted',
      answeredAt: '2026-11-20T10:00:00Z',
      marketing: false,
    },
    {
      key: 'marketingSms',
      label: 'Oferty pożyczek SMS-em',
      text: '',
      state: 'answered',
      answeredAt: '2026-11-20T10:00:00Z',
      marketing: true,
    },
  ],
};

const overviewData = (extra: Partial<Extract<SelfServicePageData, { view: 'overview' }>> = {}) =>
  ({
    view: 'overview',
    overview: OVERVIEW,
    tokens: { withdraw: 'withdraw-token', erase: 'erase-token' },
    notice: null,
    message: null,
    errors: {},
    ...extra,
  }) as const;

describe('the /moje-dane/ page', () => {
  it('confirms the link with a POST button carrying the token (a GET alone uses nothing)', () => {
    const html = page({
      view: 'confirm',
      linkToken: 'link-token-123456789',
      csrfToken: 'csrf',
      message: null,
    });
    expect(text(html)).toContain(SELF_SERVICE_TEXTS.confirmTitle);
    expect(html).toMatch(/<form [^>]*action="\/moje-dane\/" method="post"/);
    expect(html).toContain('name="t" value="link-token-123456789"');
    expect(html).toContain('name="csrf_token" value="csrf"');
  });

  it('shows the masked address, counts, each consent’s state, and a withdrawal only for a consent in force', () => {
    const html = page(overviewData());
    const shown = text(html);
    expect(shown).toContain('a***@example.pl');
    expect(shown).toContain('do 13:30'); // the session's end in Warsaw time
    expect(html).toContain('data-count="applications">1<');
    expect(html).toContain('data-count="contact-messages">2<');
    expect(shown).toContain('Wyrażona (20.11.2026)');
    expect(shown).toContain('Niewyrażona lub wycofana (20.11.2026)');
    // One form per consent in force, each sending its key; the marketing one sends all three.
    expect(tags(html, /<input type="hidden" name="zgoda" value="[^"]*"\/>/g)).toEqual([
      '<input type="hidden" name="zgoda" value="matching"/>',
      '<input type="hidden" name="zgoda" value="marketing"/>',
    ]);
    expect(shown).toContain('Wycofaj zgodę');
    expect(shown).toContain('Wypisz mnie ze wszystkich wiadomości marketingowych');
    expect(shown).toContain('Pobierz moje dane (JSON)');
    expect(html).toMatch(/<form [^>]*action="\/moje-dane\/eksport\/" method="get"/);
  });

  it('lists no never-asked consents for a person without an application', () => {
    const shown = text(
      page(
        overviewData({
          overview: {
            ...OVERVIEW,
            applications: 0,
            consents: OVERVIEW.consents.map((row) => ({ ...row, state: 'never', answeredAt: '' })),
          },
        }),
      ),
    );
    expect(shown).toContain('Nie mamy od Ciebie żadnych zgód');
    expect(shown).not.toContain('Wycofaj zgodę');
  });

  it('draws the erasure confirmation unticked, with its error next to it after a refused post', () => {
    const html = page(overviewData());
    const [checkbox] = tags(html, /<input type="checkbox"[^>]*>/g);
    expect(checkbox).toContain('name="potwierdzam"');
    expect(checkbox).not.toContain('checked');
    expect(text(html)).toContain('Rozumiem, że usunięcie jest nieodwracalne');
    expect(html).toContain('name="csrf_token" value="erase-token"');

    const refused = page(
      overviewData({
        message: SELF_SERVICE_TEXTS.fixErase,
        errors: { potwierdzam: SELF_SERVICE_TEXTS.confirmErase },
      }),
    );
    expect(refused).toMatch(
      new RegExp(`data-error-for="potwierdzam"[^>]*>${SELF_SERVICE_TEXTS.confirmErase}<`),
    );
    expect(tags(refused, /<input type="checkbox"[^>]*>/g)[0]).toContain('aria-invalid="true"');
  });

  it('sends a person without a session, or with a link that does not open, to ask for a new link', () => {
    const ended = page({ view: 'ended' });
    expect(text(ended)).toContain(SELF_SERVICE_TEXTS.ended);
    expect(ended).toContain('href="/unsubscribe/"');
    const used = page({
      view: 'notice',
      title: SELF_SERVICE_TEXTS.linkTitle,
      message: LINK_REFUSAL_TEXTS.used,
      newLink: true,
    });
    expect(text(used)).toContain('Ten link został już użyty');
    expect(used).toContain('href="/unsubscribe/"');
  });

  it('shows the erasure’s state and how many records it removed', () => {
    const shown = text(
      page({
        view: 'erased',
        requestId: '0f0e0d0c-0b0a-4909-8807-060504030201',
        state: 'completed',
        erasedRecords: 3,
      }),
    );
    expect(shown).toContain('Gotowe: usunęliśmy Twoje dane osobowe');
    expect(shown).toContain('Usunięte wpisy: 3');
    expect(shown).toContain('0f0e0d0c-0b0a-4909-8807-060504030201');
  });
});
