import { LeadForm, LeadFormDone } from '../../app/components/lead-form';
import { useRenderContext } from '../../app/render-context';
import { islandMarker } from '../../app/island-marker';
import { type UnsubscribePageData } from './unsubscribe-data';
import { UNSUBSCRIBE_FIELDS, UNSUBSCRIBE_PATH, UNSUBSCRIBE_TEXTS, sentText } from './unsubscribe-form';

/**
 * '/unsubscribe/': the request for a link to manage one's data (e-mail or phone). Asking changes
 * nothing: what the person can do with their data opens only from the link we send, so nobody can
 * act on another person's data by typing their address. The confirmation reads the same whether or
 * not we know the address.
 */
export default function UnsubscribePage({ data }: { data: UnsubscribePageData }) {
  const { formState } = useRenderContext();
  return (
    <section className="container lead-form-page">
      <h1>Twoje dane: wypisz się, pobierz lub usuń</h1>
      {data.sent ? (
        <LeadFormDone>
          <p data-link-sent={data.sent}>{sentText(data.sent)}</p>
          <p>
            Nie widzisz wiadomości? Sprawdź folder ze spamem albo poczekaj kilka minut.{' '}
            <a href={UNSUBSCRIBE_PATH}>Poproś o link jeszcze raz</a>.
          </p>
        </LeadFormDone>
      ) : (
        <>
          <p>
            Podaj adres e-mail albo numer telefonu wpisany we wniosku lub w wiadomości do nas. Wyślemy na
            niego link do strony z Twoimi danymi – samo wysłanie tego formularza niczego nie zmienia.
          </p>
          <p>
            Po otwarciu linku zobaczysz, jakie wnioski, wiadomości i zgody u nas masz. Możesz tam wycofać
            każdą zgodę osobno, wypisać się ze wszystkich wiadomości marketingowych, pobrać swoje dane w pliku
            JSON albo trwale je usunąć.
          </p>
          {data.smsUnavailable && (
            <p className="notice" role="alert" data-sms-unavailable="">
              {UNSUBSCRIBE_TEXTS.smsUnavailable} <a href="/kontakt/">Przejdź do formularza kontaktowego</a>.
            </p>
          )}
          <LeadForm
            id="wypisz"
            action={UNSUBSCRIBE_PATH}
            fields={UNSUBSCRIBE_FIELDS}
            submitLabel="Wyślij link"
            form={formState}
            island={islandMarker('lead-form')}
          />
        </>
      )}
    </section>
  );
}
