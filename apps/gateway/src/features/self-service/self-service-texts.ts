/**
 * The self-service pages' addresses, form field names and Polish texts: browser-safe (the page
 * component and the server's handler share them).
 */

/** The personal page: the link's confirmation (`?t=`), the overview (with a session), the erasure result (`?wniosek=`). */
export const SELF_SERVICE_PATH = '/moje-dane/';
/** Where each action posts (all under the session cookie's path). */
export const SELF_SERVICE_PATHS = {
  open: SELF_SERVICE_PATH,
  withdraw: '/moje-dane/zgody/',
  erase: '/moje-dane/usun/',
  /** GET with the session: the JSON download. */
  export: '/moje-dane/eksport/',
} as const;

/** The mailed link's token on `/moje-dane/?t=<token>`, and the confirmation form's hidden field. */
export const LINK_TOKEN_FIELD = 't';
/** After a withdrawal: `/moje-dane/?zmiana=zgoda|marketing` shows what changed. */
export const CHANGE_QUERY = 'zmiana';
/** After the erasure: `/moje-dane/?wniosek=<request id>` shows its state and what was erased. */
export const ERASURE_QUERY = 'wniosek';
/** The withdrawal form's field: a consent's key, or MARKETING_CHOICE for the three marketing consents. */
export const CONSENT_FIELD = 'zgoda';
export const MARKETING_CHOICE = 'marketing';
/** The erasure form's checkbox (unticked as drawn; required). */
export const ERASE_CONFIRM_FIELD = 'potwierdzam';
/** The hidden fields every form of these pages carries (kit/forms: the key is unused by the session calls). */
export const KEY_FIELD = 'idempotency_key';

/** What a withdrawal changed, as its notice names it. */
export type SelfServiceChange = 'zgoda' | 'marketing';

export function changeOf(value: string | null): SelfServiceChange | null {
  return value === 'zgoda' || value === 'marketing' ? value : null;
}

export const changeHref = (change: SelfServiceChange) => `${SELF_SERVICE_PATH}?${CHANGE_QUERY}=${change}`;
export const erasureHref = (requestId: string) =>
  `${SELF_SERVICE_PATH}?${ERASURE_QUERY}=${encodeURIComponent(requestId)}`;

export const SELF_SERVICE_TEXTS = {
  confirmTitle: 'Potwierdź, że chcesz zarządzać swoimi danymi',
  overviewTitle: 'Twoje dane',
  linkTitle: 'Nie możemy otworzyć tego linku',
  endedTitle: 'Sesja zarządzania danymi wygasła',
  erasedTitle: 'Usunięcie danych',
  unavailableTitle: 'Nie udało się wczytać Twoich danych',

  linkUsed:
    'Ten link został już użyty. Każdy link do zarządzania danymi działa tylko raz – poproś o nowy, a wyślemy go na ten sam adres.',
  linkExpired: 'Ten link wygasł: link do zarządzania danymi jest ważny 24 godziny. Poproś o nowy.',
  linkInvalid:
    'Ten link jest nieprawidłowy. Sprawdź, czy otwierasz go w całości (bez uciętej końcówki), albo poproś o nowy.',
  linkUnusable: 'Tego linku nie można już użyć. Poproś o nowy link do zarządzania danymi.',
  ended:
    'Sesja zarządzania danymi wygasła albo nie została otwarta w tej przeglądarce. Aby zobaczyć swoje dane, poproś o nowy link – wyślemy go na Twój adres.',

  withdrawn:
    'Zgoda została wycofana. Od tej chwili z niej nie korzystamy; nie zmienia to tego, co zrobiliśmy na jej podstawie wcześniej.',
  marketingStopped:
    'Wypisaliśmy Cię ze wszystkich wiadomości marketingowych: nie wyślemy Ci już ofert e-mailem ani SMS-em i nie zadzwonimy w ich sprawie.',
  unknownConsent: 'Nie rozpoznaliśmy zgody do wycofania. Odśwież stronę i spróbuj ponownie.',
  cannotWithdraw: 'Nie udało się wycofać tej zgody. Odśwież stronę i spróbuj ponownie.',
  confirmErase:
    'Zaznacz to pole, aby potwierdzić, że rozumiesz skutki i chcesz nieodwracalnie usunąć swoje dane.',
  cannotErase: 'Nie udało się teraz usunąć danych. Odśwież stronę i spróbuj ponownie.',
  fixErase: 'Aby usunąć dane, zaznacz potwierdzenie pod przyciskiem.',
  exportFailed:
    'Nie udało się teraz przygotować pliku z Twoimi danymi: usługa chwilowo nie odpowiada. Spróbuj ponownie za chwilę.',
  overviewUnavailable:
    'Nie udało się teraz wczytać Twoich danych: usługa chwilowo nie odpowiada. Odśwież stronę za chwilę – sesja pozostaje otwarta.',
  openUncertain:
    'Nie udało się otworzyć strony z Twoimi danymi: usługa chwilowo nie odpowiada. Spróbuj ponownie za chwilę. Jeśli zobaczysz, że link został już użyty, poproś o nowy.',
  actionUncertain:
    'Nie mamy pewności, czy zmiana została zapisana: usługa chwilowo nie odpowiada. Odśwież stronę, aby sprawdzić stan, i w razie potrzeby spróbuj ponownie.',
  rateLimited: 'Wykonano zbyt wiele operacji z tego adresu. Spróbuj ponownie za kilka minut.',
  unknownErasure: 'Nie znaleźliśmy żądania usunięcia danych o tym numerze. Sprawdź adres strony.',
  erasureUnavailable: 'Nie udało się teraz sprawdzić stanu usunięcia danych. Odśwież stronę za chwilę.',
} as const;

/** Why a link does not open a session (OpenSelfService's refusals). */
export type LinkRefusal = 'used' | 'expired' | 'invalid' | 'unusable';

export const LINK_REFUSAL_TEXTS: Record<LinkRefusal, string> = {
  used: SELF_SERVICE_TEXTS.linkUsed,
  expired: SELF_SERVICE_TEXTS.linkExpired,
  invalid: SELF_SERVICE_TEXTS.linkInvalid,
  unusable: SELF_SERVICE_TEXTS.linkUnusable,
};

/** An erasure's state as the page shows it. */
export type ErasureState = 'completed' | 'rejected' | 'pending';

/** What the person reads about their erasure, by its state. */
export function erasureStateText(state: ErasureState): string {
  switch (state) {
    case 'completed':
      return 'Gotowe: usunęliśmy Twoje dane osobowe – wnioski, wiadomości z formularzy i zgody – a adres e-mail przy Twoich komentarzach trwale zanonimizowaliśmy.';
    case 'rejected':
      return 'Nie mogliśmy wykonać żądania usunięcia danych. Napisz do nas przez formularz kontaktowy, a wyjaśnimy powód.';
    case 'pending':
      return 'Przyjęliśmy żądanie usunięcia danych i właśnie je wykonujemy. Dokończymy je automatycznie, zwykle w ciągu kilku minut.';
  }
}

/** The notice after a withdrawal, by what changed. */
export const changeText = (change: SelfServiceChange): string =>
  change === 'marketing' ? SELF_SERVICE_TEXTS.marketingStopped : SELF_SERVICE_TEXTS.withdrawn;

/** A consent's state in words; `date` is its last answer's date as the page writes it (empty when never). */
export function consentStateText(state: 'granted' | 'answered' | 'never', date: string): string {
  const when = date ? ` (${date})` : '';
  switch (state) {
    case 'granted':
      return `Wyrażona${when}`;
    case 'answered':
      return `Niewyrażona lub wycofana${when}`;
    case 'never':
      return 'Nie wyrażono';
  }
}

/** What an erasure removed so far: „Usunięte wpisy: 3 (wnioski, wiadomości z formularzy i zgłoszenia).” */
export function erasedRecordsText(count: number, state: ErasureState): string {
  const what = '(wnioski, wiadomości z formularzy i zgłoszenia)';
  return state === 'pending'
    ? `Usunięte dotąd wpisy: ${count} ${what}.`
    : `Usunięte wpisy: ${count} ${what}.`;
}
