import { LeadForm, LeadFormDone } from '../../app/components/lead-form';
import { useRenderContext } from '../../app/render-context';
import { islandMarker } from '../../app/island-marker';
import { type UnsubscribePageData } from './unsubscribe-data';
import {
  REQUEST_ID_VALUE,
  REQUEST_STATUS_VALUE,
  UNSUBSCRIBE_FIELDS,
  UNSUBSCRIBE_PATH,
  UNSUBSCRIBE_TEXTS,
  erasureStatusText,
} from './unsubscribe-form';

/**
 * '/unsubscribe/': the form (e-mail and/or phone, and whether to erase the data too), the
 * confirmation of an unsubscribe, or the erasure request's number and status (form state of the
 * no-store answer to `?wniosek=<id>`).
 */
export default function UnsubscribePage({ data }: { data: UnsubscribePageData }) {
  const { formState } = useRenderContext();
  const requestId = formState?.values?.[REQUEST_ID_VALUE];
  const status = formState?.values?.[REQUEST_STATUS_VALUE];
  return (
    <section className="container lead-form-page">
      <h1>Wypisz się i usuń swoje dane</h1>
      {requestId && status ? (
        <LeadFormDone>
          <p>{UNSUBSCRIBE_TEXTS.unsubscribed}</p>
          <p data-erasure-status={status}>{erasureStatusText(status)}</p>
          <p>
            Numer wniosku: <strong data-erasure-id="">{requestId}</strong>. Zachowaj go, jeśli chcesz zapytać
            o jego realizację.
          </p>
        </LeadFormDone>
      ) : data.unsubscribed ? (
        <LeadFormDone>
          <p>{UNSUBSCRIBE_TEXTS.unsubscribed}</p>
        </LeadFormDone>
      ) : (
        <>
          <p>
            Podaj adres e-mail lub numer telefonu, na które wysyłaliśmy wiadomości. Wypiszemy je od razu ze
            wszystkich wiadomości marketingowych. Jeśli zaznaczysz usunięcie danych, usuniemy lub trwale
            zanonimizujemy także Twoje wnioski, wiadomości z formularzy i adres e-mail przy komentarzach;
            zachowamy tylko nieodwracalny skrót potrzebny, by wykazać wykonanie wniosku.
          </p>
          <LeadForm
            id="wypisz"
            action={UNSUBSCRIBE_PATH}
            fields={UNSUBSCRIBE_FIELDS}
            submitLabel="Wypisz mnie"
            form={formState}
            island={islandMarker('lead-form')}
          />
        </>
      )}
    </section>
  );
}
