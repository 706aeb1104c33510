import { type LeadFormField } from '../../app/components/lead-form';

/** The unsubscribe page's address; the form posts to it. */
export const UNSUBSCRIBE_PATH = '/unsubscribe/';
/** The confirmation of an unsubscribe without erasure: `/unsubscribe/?wypisano=tak`. */
export const UNSUBSCRIBED_QUERY = 'wypisano';
export const UNSUBSCRIBED_VALUE = 'tak';
export const UNSUBSCRIBED_HREF = `${UNSUBSCRIBE_PATH}?${UNSUBSCRIBED_QUERY}=${UNSUBSCRIBED_VALUE}`;
/** The confirmation with an erasure request: `/unsubscribe/?wniosek=<request id>` (answered no-store). */
export const REQUEST_QUERY = 'wniosek';
/** The checkbox that asks for erasure besides the unsubscribe. */
export const ERASE_FIELD = 'usun_dane';
/** Form-state values of the erasure confirmation. */
export const REQUEST_ID_VALUE = 'request_id';
export const REQUEST_STATUS_VALUE = 'request_status';

export const erasureHref = (requestId: string) =>
  `${UNSUBSCRIBE_PATH}?${REQUEST_QUERY}=${encodeURIComponent(requestId)}`;

export const UNSUBSCRIBE_TEXTS = {
  unsubscribed:
    'Gotowe: nie wyślemy już na podany adres e-mail ani numer telefonu żadnych wiadomości marketingowych.',
  unknownRequest:
    'Nie znaleźliśmy wniosku o tym numerze. Sprawdź adres strony albo wyślij formularz jeszcze raz.',
  statusUnavailable: 'Nie udało się teraz sprawdzić stanu wniosku. Odśwież stronę za chwilę.',
} as const;

/** An erasure request's state as the page shows it (the service's RequestStatus, mapped by unsubscribe.api.ts). */
export type ErasureState = 'completed' | 'rejected' | 'pending';

/** What the visitor reads about the erasure request, by its state. */
export function erasureStatusText(state: string): string {
  switch (state) {
    case 'completed':
      return 'Wniosek o usunięcie danych został wykonany: Twoje dane osobowe usunęliśmy lub trwale zanonimizowaliśmy (wnioski, wiadomości, zgłoszenia i adres e-mail przy komentarzach).';
    case 'rejected':
      return 'Wniosek o usunięcie danych został odrzucony. Napisz do nas przez formularz kontaktowy, wyjaśnimy powód.';
    default:
      return 'Wniosek o usunięcie danych przyjęliśmy i jest w trakcie realizacji: dokończymy go automatycznie, zwykle w ciągu kilku minut.';
  }
}

export const UNSUBSCRIBE_FIELDS: readonly LeadFormField[] = [
  { name: 'email', label: 'E-mail', kind: 'email', maxLength: 254, autoComplete: 'email' },
  {
    name: 'phone',
    label: 'Telefon',
    kind: 'tel',
    maxLength: 32,
    autoComplete: 'tel',
    hint: 'Podaj adres e-mail, numer telefonu albo oba.',
  },
  {
    name: ERASE_FIELD,
    label: 'Usuń także moje dane osobowe (wnioski, wiadomości, zgłoszenia i adres e-mail przy komentarzach)',
    kind: 'checkbox',
    maxLength: 3,
    checkedByDefault: true,
  },
];
