import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type offersV1 } from '@lib/contracts';
import { type NameForms, nominativesAfterPrepositions } from '@lib/pl-format';
import { renderToStaticMarkup } from 'react-dom/server';
import { OfferList } from '../../app/components/offer-list';
import { FALLBACK_NAVIGATION } from '../../app/layouts/fallback-navigation';
import { RenderContextProvider } from '../../app/render-context';
import { lenderNames, toOfferCard } from '../../app/view-models';
import { createPolishLocale } from '../../shared/locale';
import LenderOfferPage from './lender-offer-page';
import { type LenderOfferData } from './offers-data';
import { lenderOfferRoute } from './offers.routes';

/*
 * Every template that names a lender, drawn with every reviewed lender of the offers data: the
 * offer card ('Opinie o …', the link's accessible name), the lender's offer page and its meta
 * description. None may leave a name that declines in the nominative after a preposition.
 */

const FACTS_FILE = path.resolve(__dirname, '../../../../offers/data/lenders.pl.json');
const facts = JSON.parse(readFileSync(FACTS_FILE, 'utf8')) as {
  lenders: Record<string, { name: string; nameForms: Omit<NameForms, 'nominative'> }>;
};
const LENDERS = Object.entries(facts.lenders).map(([slug, entry]) => ({
  slug,
  forms: { nominative: entry.name, ...entry.nameForms },
}));
const NAMES = LENDERS.map((lender) => lender.forms);

const locale = createPolishLocale('http://localhost:3000');

function offerOf(slug: string, forms: NameForms): offersV1.Offer {
  return {
    offerId: 2016,
    header: forms.nominative,
    lenderLink: 'https://lender.example.pl/',
    isActive: true,
    stars: '',
    field2Value: '',
    field4Value: '',
    tags: [],
    asnefValue: true,
    productType: 'loan',
    lenderId: 116,
    lenderSlug: slug,
    amountMinGrosze: 10_000,
    amountMaxGrosze: 1_000_000,
    periodMinDays: 61,
    periodMaxDays: 61,
    aprBasisPoints: 0,
    firstLoanFree: true,
    country: 'PL',
    logoUrl: '',
    position: 1,
    sponsored: false,
    ageMin: 18,
    ageMax: 75,
    interestRateBp: 0,
    commissionBp: 0,
    feeGrosze: 0,
    repayment: 'single',
    representativeExample: null,
    reviewSlug: slug,
    firstLoanFreeMaxGrosze: 300_000,
    feedKey: 'pl',
    lenderKind: '',
    ratingCount: 0,
    ratingSource: '',
    starsDrawn: false,
    sample: false,
    asOf: '2026-11-28',
    field2ValueFilled: false,
    field4ValueFilled: false,
    filledTagIndexes: [],
    lenderNameForms: forms,
  };
}

const render = (node: React.ReactNode) =>
  renderToStaticMarkup(
    <RenderContextProvider
      value={{ locale, buildId: 'test', today: '2026-11-28', navigation: FALLBACK_NAVIGATION }}
    >
      {node}
    </RenderContextProvider>,
  )
    .replace(/<[^>]+>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&');

describe('lender names in every template, for every reviewed lender', () => {
  it.each(LENDERS)('$slug: declined after every preposition', ({ slug, forms }) => {
    const card = toOfferCard(offerOf(slug, forms));
    const page: LenderOfferData = {
      lenderId: '116',
      name: forms.nominative,
      names: lenderNames(forms.nominative, forms),
      website: 'https://lender.example.pl',
      reviewPath: `/opinie-o-pozyczkach/${slug}/`,
      offers: [card],
    };
    const head = lenderOfferRoute.head(page, { path: '/lenders/116/', origin: 'http://localhost:3000' });
    const text = [
      render(<OfferList offers={[card]} source="lender" />),
      render(<LenderOfferPage data={page} />),
      head.title,
      head.description,
    ].join('\n');
    expect(text).toContain(`Opinie o ${forms.locative}`);
    expect(text).toContain(`Przeczytaj opinie o ${forms.locative}`);
    expect(nominativesAfterPrepositions(text, NAMES)).toEqual([]);
  });

  it('would catch the nominative: the check reads the very text the templates write', () => {
    const plus = LENDERS.find((lender) => lender.slug === 'pozyczka-plus')!.forms;
    const undeclined = toOfferCard({ ...offerOf('pozyczka-plus', plus), lenderNameForms: null });
    const text = render(
      <OfferList
        offers={[{ ...undeclined, names: { ...plus, locative: plus.nominative } }]}
        source="lender"
      />,
    );
    expect(nominativesAfterPrepositions(text, NAMES).map((found) => found.name)).toContain('Pożyczka Plus');
  });
});
