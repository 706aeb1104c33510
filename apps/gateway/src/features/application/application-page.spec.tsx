import { ADULT_APPLICANTS, CONSENTS, type LoanRequestLimits } from '@lib/pl-validation';
import { renderToStaticMarkup } from 'react-dom/server';
import { FALLBACK_NAVIGATION } from '../../app/layouts/fallback-navigation';
import { EXAMPLE_OPERATOR } from '../../app/operator';
import { RenderContextProvider } from '../../app/render-context';
import { createPolishLocale } from '../../shared/locale';
import { type ApplicationPageData, type DeliveryPreviewView, applicationOptions } from './application-data';
import ApplicationPage from './application-page';
import {
  DELIVERY_TEXTS,
  ID_CARD_ONLY,
  IDENTITY_REASONS,
  PRIVACY_POLICY_PATH,
  applicantAgesHint,
} from './application-texts';
import { UNKNOWN_DELIVERY } from './delivery-preview';

const ADULTS = ADULT_APPLICANTS;

function loanPage(limits: LoanRequestLimits | null): string {
  return render({
    step: 'loan',
    action: '/process/',
    formVersion: 0,
    values: {},
    errors: {},
    message: null,
    csrfToken: 'token',
    idempotencyKey: '',
    summary: null,
    back: null,
    resumeLink: null,
    options: applicationOptions(limits),
    delivery: null,
  });
}

function personalPage(delivery: DeliveryPreviewView, errors: Record<string, string> = {}): string {
  const data: ApplicationPageData = {
    step: 'personal',
    action: '/main/',
    formVersion: 0,
    values: {},
    errors,
    message: null,
    csrfToken: 'token',
    idempotencyKey: '0f0e0d0c-0b0a-4909-8807-060504030201',
    summary: { amountGrosze: 200_000, periodDays: 90, purpose: 'medical' },
    back: '/reg/',
    resumeLink: null,
    options: applicationOptions(null),
    delivery,
  };
  return render(data);
}

function render(data: ApplicationPageData): string {
  return renderToStaticMarkup(
    <RenderContextProvider
      value={{
        locale: createPolishLocale('http://localhost:3000'),
        buildId: 'test',
        today: '2026-11-28',
        navigation: { ...FALLBACK_NAVIGATION, operator: EXAMPLE_OPERATOR },
      }}
    >
      <ApplicationPage data={data} />
    </RenderContextProvider>,
  );
}

const hasInput = (html: string, name: string) => html.includes(`name="${name}"`);
const decode = (html: string) =>
  html
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&');

describe('step 3 of the application form', () => {
  it('shows only the identity fields the lenders need, each with why, and names the lenders above the delivery consent', () => {
    const html = decode(
      personalPage({
        known: true,
        lenders: ['Smartney', 'NetCredit'],
        asked: ['pesel', 'bankAccount'],
        ages: ADULTS,
      }),
    );
    expect(hasInput(html, 'pesel')).toBe(true);
    expect(hasInput(html, 'id_card')).toBe(false);
    expect(hasInput(html, 'bank_account')).toBe(true);
    expect(hasInput(html, 'income_source')).toBe(true);
    expect(html).toContain(IDENTITY_REASONS.listed.pesel);
    expect(html).toContain(IDENTITY_REASONS.listed.bankAccount);
    expect(html).not.toContain(IDENTITY_REASONS.listed.idCard);
    // One unticked checkbox per purpose, the delivery one among them; the privacy policy is a link.
    for (const consent of CONSENTS) {
      expect(hasInput(html, `consent_${consent.key}`)).toBe(true);
      expect(html).toContain(consent.text);
    }
    expect(html).not.toMatch(/type="checkbox"[^>]*checked/);
    expect(hasInput(html, 'consent_privacy')).toBe(false);
    const lenders = html.indexOf('data-delivery-lenders');
    expect(lenders).toBeGreaterThan(0);
    expect(lenders).toBeLessThan(html.indexOf('name="consent_delivery"'));
    expect(html).toContain('<li data-lender="">Smartney</li><li data-lender="">NetCredit</li>');
    expect(html).toContain(`${DELIVERY_TEXTS.privacyLead} ${EXAMPLE_OPERATOR.name}.`);
    expect(html).toContain(`<a href="${PRIVACY_POLICY_PATH}">${DELIVERY_TEXTS.privacyPolicyLink}</a>`);
    expect(html).not.toContain('data-matched-only');
  });

  it('asks no identity field when none is needed', () => {
    const html = personalPage({ known: true, lenders: ['Kuki'], asked: [], ages: ADULTS });
    for (const name of ['pesel', 'id_card', 'bank_account']) expect(hasInput(html, name)).toBe(false);
    expect(hasInput(html, 'consent_delivery')).toBe(true);
  });

  it('without lenders: no delivery consent, and a line says the application is matched only', () => {
    const html = decode(personalPage({ known: true, lenders: [], asked: [], ages: ADULTS }));
    expect(hasInput(html, 'consent_delivery')).toBe(false);
    expect(html).not.toContain('data-delivery-lenders');
    expect(html).toContain(DELIVERY_TEXTS.matchedOnly);
    expect(hasInput(html, 'consent_matching')).toBe(true);
  });

  it('when the preview failed: all three identity fields with general reasons, no lender named, no delivery consent', () => {
    const html = decode(personalPage(UNKNOWN_DELIVERY));
    for (const name of ['pesel', 'id_card', 'bank_account']) expect(hasInput(html, name)).toBe(true);
    expect(html).toContain(IDENTITY_REASONS.general.pesel);
    expect(html).not.toContain('z listy poniżej');
    expect(html).toContain(DELIVERY_TEXTS.previewUnavailable);
    expect(hasInput(html, 'consent_delivery')).toBe(false);
    expect(html).not.toContain('data-delivery-lenders');
  });

  it('says under the PESEL the ages the lenders take, for its live check too, and that only the Polish ID card is taken', () => {
    const html = decode(
      personalPage({
        known: true,
        lenders: ['Vivus'],
        asked: ['pesel', 'idCard'],
        ages: { min: 18, max: 78 },
      }),
    );
    expect(html).toContain(applicantAgesHint({ min: 18, max: 78 }));
    expect(html).toContain('od 18 do 78 lat');
    expect(html).toMatch(/<input[^>]* data-age-min="18" data-age-max="78"[^>]* data-field="pesel"/);
    expect(html).toContain(ID_CARD_ONLY);
    expect(ID_CARD_ONLY).toContain('paszportu');
  });

  it('shows a field the server refused even when the preview did not ask it', () => {
    const html = personalPage(
      { known: true, lenders: ['Vivus'], asked: [], ages: ADULTS },
      { id_card: 'Błędny numer' },
    );
    expect(hasInput(html, 'id_card')).toBe(true);
    expect(html).toContain('Błędny numer');
  });
});

describe('step 1 of the application form', () => {
  const nbsp = (html: string) => html.replace(/\u00a0/g, ' ');

  it("offers the catalogue's range: the fields' bounds and labels name it, and so does the message", () => {
    const limits = { amount: { minZl: 100, maxZl: 30_000 }, periodDays: { min: 30, max: 1_825 } };
    const html = nbsp(loanPage(limits));
    expect(html).toMatch(/<input [^>]*min="100" max="30000"[^>]*name="amount"/);
    expect(html).toMatch(/<input [^>]*min="30" max="1825"[^>]*name="period"/);
    expect(html).toContain('Kwota pożyczki w zł (od 100 zł do 30 000 zł)');
    expect(html).toContain('Okres spłaty w dniach (od 30 do 1825)');
    expect(nbsp(applicationOptions(limits).limitMessages.amount)).toBe(
      'Wybierz kwotę od 100 zł do 30 000 zł',
    );
  });

  it('states no range it does not know (the offers service did not answer)', () => {
    const html = loanPage(null);
    expect(html).toContain('Kwota pożyczki w zł</label>');
    expect(html).not.toMatch(/max="\d+"[^>]*name="amount"/);
    expect(html).not.toMatch(/\d zł\)/);
  });
});
