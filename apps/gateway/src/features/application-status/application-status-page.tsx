import { IntermediaryOffers, SponsoredOffers } from '../../app/components/offer-block';
import { OfferList } from '../../app/components/offer-list';
import { SampleDataNotice } from '../../app/components/sample-notice';
import { UnavailableNotice } from '../../app/components/unavailable-notice';
import { useRenderContext } from '../../app/render-context';
import { RANKING_METHOD_PATH } from '../../app/site-paths/offers';
import { formatMoneyWhole, plural } from '../../shared/format';
import {
  type ApplicationStatusData,
  type ApplicationStatusPageData,
  type LenderStatusView,
} from './application-status-data';
import { SELF_SERVICE_REQUEST_PATH } from './application-status-paths';
import { STATUS_TEXTS } from './application-status-texts';

function RefreshLink({ href }: { href: string }) {
  return (
    <p className="application-status__refresh">
      <a className="button button--outline" href={href} data-refresh-status="">
        {STATUS_TEXTS.refresh}
      </a>
    </p>
  );
}

function LenderRow({ lender }: { lender: LenderStatusView }) {
  return (
    <li
      className={`delivery-status delivery-status--${lender.state}`}
      data-delivery={lender.deliveryId}
      data-state={lender.state}
    >
      <span className="delivery-status__lender">{lender.name}</span>
      <span className="delivery-status__state">{lender.stateText}</span>
      {lender.updatedText !== '' && (
        <span className="delivery-status__time">
          {'zmiana: '}
          <time dateTime={lender.updatedAt}>{lender.updatedText}</time>
        </span>
      )}
    </li>
  );
}

function StatusView({ data }: { data: ApplicationStatusData }) {
  const { locale } = useRenderContext();
  const offers = data.offers;
  return (
    <>
      <h1>{data.heading}</h1>
      <p className="lead application-status__summary" data-summary="">
        {`Wnioskujesz o ${formatMoneyWhole(locale, data.amountGrosze)} na ${data.periodDays} ${plural(data.periodDays, 'dzień', 'dni', 'dni')}.`}
        {data.submittedText !== '' && (
          <>
            {' Wniosek złożony '}
            <time dateTime={data.submittedAt}>{data.submittedText}</time>.
          </>
        )}
      </p>
      {data.matchedOnly ? (
        <p className="notice" data-matched-only={data.matchedOnly}>
          {data.matchedOnly === 'declined' ? STATUS_TEXTS.declined : STATUS_TEXTS.noLenders}
        </p>
      ) : (
        <section className="application-status__deliveries" aria-labelledby="status-pozyczkodawcy">
          <h2 id="status-pozyczkodawcy">Status u pożyczkodawców</h2>
          {data.sandboxLenders && <SampleDataNotice subject="sandboxLenders" />}
          <ul className="delivery-status-list" data-deliveries="">
            {data.lenders.map((lender) => (
              <LenderRow key={lender.deliveryId} lender={lender} />
            ))}
          </ul>
          <p className="form-field__hint">
            Każdy pożyczkodawca sam decyduje o przyznaniu pożyczki i kontaktuje się z Tobą bezpośrednio.
            Status zmienia się, gdy pożyczkodawca nam odpowie.
          </p>
        </section>
      )}
      <RefreshLink href={data.refreshHref} />
      <section className="section section--flush" aria-labelledby="status-oferty">
        <h2 id="status-oferty">{STATUS_TEXTS.offersHeading}</h2>
        {offers.status !== 'ok' ? (
          <UnavailableNotice what="Oferty" />
        ) : offers.value.items.length > 0 ? (
          <>
            <OfferList offers={offers.value.items} source="offers" />
            <IntermediaryOffers block={offers.value} source="offers" />
            <SponsoredOffers block={offers.value} source="offers" />
          </>
        ) : (
          <p className="notice">
            {STATUS_TEXTS.noOffers} <a href={RANKING_METHOD_PATH}>Jak tworzymy ranking?</a>
          </p>
        )}
      </section>
    </>
  );
}

/**
 * /moj-wniosek/?t=<token>: the applicant's own page (personal, never cached or indexed): where the
 * application went and each lender's answer, and the offers matched for it. Works without
 * JavaScript; 'Odśwież status' reloads it (no automatic refresh).
 */
export default function ApplicationStatusPage({ data }: { data: ApplicationStatusPageData }) {
  return (
    <section className="container application-status" data-application-status={data.kind}>
      {data.kind === 'status' && <StatusView data={data} />}
      {data.kind === 'invalid' && (
        <>
          <p className="status-page__code" aria-hidden="true">
            404
          </p>
          <h1>{STATUS_TEXTS.invalidHeading}</h1>
          <p>{STATUS_TEXTS.invalid}</p>
          <p>
            <a className="button" href={SELF_SERVICE_REQUEST_PATH}>
              {STATUS_TEXTS.newLink}
            </a>
          </p>
        </>
      )}
      {data.kind === 'unavailable' && (
        <>
          <h1>{STATUS_TEXTS.unavailableHeading}</h1>
          <p>{STATUS_TEXTS.unavailable}</p>
          <RefreshLink href={data.refreshHref} />
        </>
      )}
    </section>
  );
}
