import { type ReactNode } from 'react';
import { FieldError, fieldControl } from '../../app/components/form-field';
import { useRenderContext } from '../../app/render-context';
import { CSRF_FIELD } from '../../kit/csrf/csrf-field';
import { formatDate } from '../../shared/format';
import { type Locale } from '../../shared/locale';
import { UNSUBSCRIBE_PATH } from '../unsubscribe';
import { type OverviewView, type SelfServicePageData } from './self-service-data';
import {
  CONSENT_FIELD,
  ERASE_CONFIRM_FIELD,
  LINK_TOKEN_FIELD,
  MARKETING_CHOICE,
  SELF_SERVICE_PATHS,
  SELF_SERVICE_TEXTS,
  changeText,
  consentStateText,
  erasedRecordsText,
  erasureStateText,
} from './self-service-texts';

/** The hour a session ends, in the site's time zone: '14:35'. */
function timeOf(locale: Pick<Locale, 'code' | 'timezone'>, value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(locale.code, {
    timeZone: locale.timezone,
    hour: '2-digit',
    minute: '2-digit',
  }).format(date);
}

function NewLink() {
  return (
    <p>
      <a className="button" href={UNSUBSCRIBE_PATH} data-new-link="">
        Poproś o nowy link
      </a>
    </p>
  );
}

/** A form of the overview: its CSRF token and the fields it sends, posted to one action. */
function ActionForm({
  action,
  token,
  fields,
  children,
  className,
}: {
  action: string;
  token: string;
  fields: Record<string, string>;
  children: ReactNode;
  className?: string;
}) {
  return (
    <form method="post" action={action} className={className}>
      <input type="hidden" name={CSRF_FIELD} value={token} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
    </form>
  );
}

function Overview({ data }: { data: Extract<SelfServicePageData, { view: 'overview' }> }) {
  const { locale } = useRenderContext();
  const overview: OverviewView = data.overview;
  const until = timeOf(locale, overview.sessionExpiresAt);
  const eraseError = data.errors[ERASE_CONFIRM_FIELD];
  const eraseId = 'usun-dane-potwierdzenie';
  // Without an application, consents never asked say nothing: only those answered are listed.
  const consents =
    overview.applications > 0 ? overview.consents : overview.consents.filter((row) => row.state !== 'never');
  return (
    <>
      <h1>{SELF_SERVICE_TEXTS.overviewTitle}</h1>
      {data.notice && (
        <p className="notice notice--info" role="status" data-self-service-notice={data.notice}>
          {changeText(data.notice)}
        </p>
      )}
      {data.message && (
        <p className="notice" role="alert" data-form-message="">
          {data.message}
        </p>
      )}
      <p>
        Zarządzasz danymi powiązanymi z adresem{' '}
        <strong data-masked-address="">{overview.maskedAddress}</strong>.
        {until && (
          <>
            {' '}
            Ta strona działa w tej przeglądarce do {until}; później poproś o{' '}
            <a href={UNSUBSCRIBE_PATH}>nowy link</a>.
          </>
        )}
      </p>

      <h2>Co u nas przechowujemy</h2>
      <dl className="self-service__facts">
        <dt>Wnioski o pożyczkę</dt>
        <dd data-count="applications">{overview.applications}</dd>
        <dt>Wiadomości z formularza kontaktowego</dt>
        <dd data-count="contact-messages">{overview.contactMessages}</dd>
        <dt>Wysyłki wniosku do pożyczkodawców w toku</dt>
        <dd data-count="pending-deliveries">{overview.pendingDeliveries}</dd>
        <dt>Wiadomości marketingowe</dt>
        <dd data-marketing={overview.marketingStopped ? 'stopped' : 'allowed'}>
          {overview.marketingStopped
            ? 'Wstrzymane: nie wysyłamy Ci ofert'
            : 'Wysyłamy je tylko za Twoją zgodą (poniżej)'}
        </dd>
      </dl>

      <h2>Twoje zgody</h2>
      {consents.length === 0 ? (
        <p>Nie mamy od Ciebie żadnych zgód: nie ma u nas Twojego wniosku o pożyczkę.</p>
      ) : (
        <>
          <p>
            Każdą zgodę możesz wycofać w dowolnej chwili, tak samo łatwo, jak się ją wyraża. Wycofanie nie
            zmienia tego, co zrobiliśmy na jej podstawie wcześniej; wycofanie zgody na przekazanie wniosku
            zatrzymuje wysyłki, które jeszcze nie wyszły.
          </p>
          <ul className="self-service__consents">
            {consents.map((row) => (
              <li key={row.key} data-consent={row.key}>
                <div>
                  <strong>{row.label}</strong>
                  {row.text && <p className="form-field__hint">„{row.text}”</p>}
                  <p data-consent-state={row.state}>
                    {consentStateText(row.state, row.answeredAt ? formatDate(locale, row.answeredAt) : '')}
                  </p>
                </div>
                {row.state === 'granted' && (
                  <ActionForm
                    action={SELF_SERVICE_PATHS.withdraw}
                    token={data.tokens.withdraw}
                    fields={{ [CONSENT_FIELD]: row.key }}
                  >
                    <button className="button button--small button--outline" type="submit">
                      Wycofaj zgodę
                    </button>
                  </ActionForm>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
      <ActionForm
        action={SELF_SERVICE_PATHS.withdraw}
        token={data.tokens.withdraw}
        fields={{ [CONSENT_FIELD]: MARKETING_CHOICE }}
        className="self-service__action"
      >
        <button className="button button--outline" type="submit" data-withdraw-marketing="">
          Wypisz mnie ze wszystkich wiadomości marketingowych
        </button>
      </ActionForm>

      <h2>Pobierz swoje dane</h2>
      <p>
        Dostaniesz plik JSON ze wszystkim, co o Tobie przechowujemy: wnioskami, wiadomościami, zgodami i
        historią ich zmian. Możesz go zachować albo przekazać innej firmie.
      </p>
      <form method="get" action={SELF_SERVICE_PATHS.export} className="self-service__action">
        <button className="button" type="submit" data-export="">
          Pobierz moje dane (JSON)
        </button>
      </form>

      <h2>Usuń swoje dane</h2>
      <p>
        Usuniemy Twoje wnioski, wiadomości z formularzy i zgody, a adres e-mail przy Twoich komentarzach
        trwale zanonimizujemy. Wysyłki wniosku, które jeszcze nie wyszły, zatrzymamy. Wnioski już przekazane
        pożyczkodawcom są przechowywane przez nich – o ich usunięcie poproś bezpośrednio pożyczkodawcę.
      </p>
      <ActionForm
        action={SELF_SERVICE_PATHS.erase}
        token={data.tokens.erase}
        fields={{}}
        className="self-service__action self-service__erase"
      >
        <div className="form-field form-field--checkbox">
          <label>
            <input
              type="checkbox"
              name={ERASE_CONFIRM_FIELD}
              value="tak"
              defaultChecked={false}
              {...fieldControl(eraseId, eraseError)}
            />{' '}
            Rozumiem, że usunięcie jest nieodwracalne: stracę dostęp do swoich wniosków i tej strony, a
            usuniętych danych nie da się przywrócić.
          </label>
          <FieldError id={eraseId} name={ERASE_CONFIRM_FIELD} error={eraseError} />
        </div>
        <button className="button" type="submit" data-erase="">
          Usuń moje dane
        </button>
      </ActionForm>
    </>
  );
}

/**
 * '/moje-dane/': the person's own data, opened only by the link we sent to their address (see
 * self-service.api.ts). Plain HTML forms: every action works without JavaScript.
 */
export default function SelfServicePage({ data }: { data: SelfServicePageData }) {
  return (
    <section className="container self-service" data-self-service={data.view}>
      {data.view === 'confirm' && (
        <>
          <h1>{SELF_SERVICE_TEXTS.confirmTitle}</h1>
          {data.message && (
            <p className="notice" role="alert" data-form-message="">
              {data.message}
            </p>
          )}
          <p>
            Po potwierdzeniu zobaczysz wszystko, co u nas o Tobie zapisaliśmy – wnioski, wiadomości i zgody.
            Tam wycofasz zgody, pobierzesz dane albo je usuniesz. Link działa jeden raz, a otwarta strona
            będzie dostępna w tej przeglądarce przez 30 minut.
          </p>
          <form method="post" action={SELF_SERVICE_PATHS.open} className="self-service__action">
            <input type="hidden" name={CSRF_FIELD} value={data.csrfToken} />
            <input type="hidden" name={LINK_TOKEN_FIELD} value={data.linkToken} />
            <button className="button button--large" type="submit" data-open="">
              Tak, pokaż moje dane
            </button>
          </form>
          <p className="form-field__hint">
            Jeśli ten link nie był dla Ciebie, po prostu zamknij tę stronę: bez potwierdzenia nic się nie
            zmieni.
          </p>
        </>
      )}
      {data.view === 'overview' && <Overview data={data} />}
      {data.view === 'ended' && (
        <>
          <h1>{SELF_SERVICE_TEXTS.endedTitle}</h1>
          <p>{SELF_SERVICE_TEXTS.ended}</p>
          <NewLink />
        </>
      )}
      {data.view === 'erased' && (
        <>
          <h1>{SELF_SERVICE_TEXTS.erasedTitle}</h1>
          <div className="lead-form__done" role="status">
            <p data-erasure-state={data.state}>{erasureStateText(data.state)}</p>
            {data.state !== 'rejected' && (
              <p data-erased-records={data.erasedRecords}>
                {erasedRecordsText(data.erasedRecords, data.state)}
              </p>
            )}
            <p>
              Numer żądania: <strong data-erasure-id="">{data.requestId}</strong>. Zachowaj go, jeśli zechcesz
              zapytać o jego wykonanie.
            </p>
          </div>
          <p>
            <a href="/">Wróć na stronę główną</a>
          </p>
        </>
      )}
      {data.view === 'notice' && (
        <>
          <h1>{data.title}</h1>
          <p className="notice" role="alert" data-form-message="">
            {data.message}
          </p>
          {data.newLink && <NewLink />}
        </>
      )}
    </section>
  );
}
