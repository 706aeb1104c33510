import { groszeFromZloty } from '@lib/finance';
import { formatDays, formatMoneyWhole } from '../../shared/format';
import { useRenderContext } from '../render-context';
import { offersListPath, RANKING_METHOD_PATH } from '../site-paths/offers';
import { type Section } from '../section';
import { type OfferBlock, type OfferListSource } from '../view-types';
import { OfferList } from './offer-list';

/** Paid placements under a list: their own heading and label, never numbered with the ranking. */
export function SponsoredOffers({ block, source }: { block: OfferBlock; source: OfferListSource }) {
  if (block.sponsored.length === 0) return null;
  return (
    <aside className="offer-sponsored" aria-label="Reklama">
      <h3 className="offer-sponsored__title">Reklama – oferty sponsorowane</h3>
      <OfferList offers={block.sponsored} source={source} />
    </aside>
  );
}

/**
 * Comparison sites and credit intermediaries under a list: their own heading, never numbered with
 * the ranking, each card labelled and without a cost, since they lend nothing themselves.
 */
export function IntermediaryOffers({ block, source }: { block: OfferBlock; source: OfferListSource }) {
  if (block.intermediaries.length === 0) return null;
  return (
    <aside className="offer-intermediaries" aria-label="Porównywarki i pośrednicy" data-intermediaries="">
      <h3 className="offer-intermediaries__title">Porównywarki i pośrednicy – poza rankingiem</h3>
      <p className="offer-intermediaries__lead">
        Te serwisy nie udzielają pożyczek: porównują oferty albo przekazują wniosek pożyczkodawcom. Nie
        podajemy przy nich kosztu ani RRSO i nie umieszczamy ich w rankingu, bo koszt zależy od pożyczkodawcy,
        do którego trafi Twój wniosek.
      </p>
      <OfferList offers={block.intermediaries} source={source} />
    </aside>
  );
}

/**
 * Offers able to lend the amount asked only for another period: apart from the ranking, never
 * counted with it, each group under the period its costs are given for.
 */
export function OtherPeriodOffers({ block, source }: { block: OfferBlock; source: OfferListSource }) {
  const { locale } = useRenderContext();
  if (block.otherPeriod.length === 0) return null;
  const { amountZl, periodDays } = block.request;
  const shown = block.otherPeriod.reduce((sum, group) => sum + group.offers.length, 0);
  return (
    <section className="offer-other-period" aria-label="Oferty na inny okres">
      <p className="offer-other-period__lead">
        {`Te oferty obejmują kwotę ${formatMoneyWhole(locale, groszeFromZloty(amountZl))}, ale nie okres ${formatDays(periodDays)}. `}
        Nie ma ich w rankingu ani w liczbie znalezionych ofert, a koszt podajemy dla najbliższego okresu, na
        jaki pożyczkodawca pożycza.
      </p>
      {block.otherPeriod.map((group) => (
        <div key={group.periodDays}>
          <h3 className="offer-other-period__title">{`Oferty na inny okres – koszt podany dla ${formatDays(group.periodDays)}`}</h3>
          <OfferList offers={group.offers} source={source} />
        </div>
      ))}
      {block.otherPeriodTotal > shown && (
        <p className="section__more">
          {`Takich ofert jest ${block.otherPeriodTotal}. `}
          <a href={offersListPath(amountZl, periodDays)}>Zobacz je wszystkie</a>
        </p>
      )}
    </section>
  );
}

/** What a block says instead of offers: why none fits, and where to look instead. */
export function NoOffersNotice({ block }: { block: OfferBlock }) {
  const reasons: string[] = [];
  if (block.unsupported.includes('business'))
    reasons.push(
      'Dane ofert, z których korzystamy, nie wskazują, które pożyczki są przeznaczone dla firm, więc nie pokazujemy tu żadnej jako pożyczki dla firmy.',
    );
  if (block.unsupported.includes('without_credit_check'))
    reasons.push(
      'Dane ofert nie mówią, czy pożyczkodawca sprawdza bazy dłużników i biura informacji kredytowej, dlatego nie możemy wybrać ofert udzielanych bez takiej weryfikacji.',
    );
  if (reasons.length === 0) reasons.push('Żadna oferta nie spełnia teraz tych warunków.');
  return (
    <p className="notice">
      {`${reasons.join(' ')} Zobacz: `}
      <a href={block.fallback.path}>{block.fallback.title}</a>.
    </p>
  );
}

/**
 * The offers block of SEO and review pages: a heading saying what it shows, MatchOffers' ranking
 * for the page's request, apart the offers of other periods, the comparison sites and
 * intermediaries, and the paid placements. With no
 * offer that fits, it says so and links the closest page; when the service does not answer, the
 * block is left out (the call to action next to it still works).
 */
export function OfferBlockSection({
  offers,
  title = 'Porównaj oferty',
  source = 'seo',
}: {
  offers: Section<OfferBlock> | null;
  title?: string;
  source?: OfferListSource;
}) {
  const { locale } = useRenderContext();
  if (offers === null || offers.status !== 'ok') return null;
  const block = offers.value;
  const { amountZl, periodDays } = block.request;
  return (
    <section className="section section--flush" aria-labelledby="oferty_sekcja">
      <h2 id="oferty_sekcja">{block.label !== '' ? block.label : title}</h2>
      {block.items.length === 0 ? (
        <NoOffersNotice block={block} />
      ) : (
        <>
          <OfferList offers={block.items} source={source} />
          {block.total > block.items.length && (
            <p className="section__more">
              {`Pokazujemy ${block.items.length} z ${block.total} ofert spełniających te warunki. `}
              <a href={offersListPath(amountZl, periodDays)}>
                {`Porównaj wszystkie oferty na ${formatMoneyWhole(locale, groszeFromZloty(amountZl))} i ${formatDays(periodDays)}`}
              </a>
            </p>
          )}
        </>
      )}
      <OtherPeriodOffers block={block} source={source} />
      <IntermediaryOffers block={block} source={source} />
      <SponsoredOffers block={block} source={source} />
      {block.items.length === 0 && block.otherPeriod.length === 0 && (
        <p className="offer-list__method">
          <a href={RANKING_METHOD_PATH}>Jak tworzymy ranking</a>
        </p>
      )}
    </section>
  );
}
