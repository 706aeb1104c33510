/** The journey's Polish words that are not a field's rule (those are @lib/pl-validation's). */
export const APPLICATION_TEXTS = {
  fixFields: 'Popraw zaznaczone pola – niczego nie zapisaliśmy, wpisane dane zostały w formularzu.',
  unavailable:
    'Nie udało się zapisać wniosku, bo nasz serwis chwilowo nie odpowiada. Twoje dane zostały w formularzu – wyślij go ponownie za chwilę. Wysłanie go jeszcze raz nie utworzy drugiego wniosku.',
  draftUnavailable:
    'Nie udało się teraz wczytać zapisanego wniosku. Odśwież stronę za chwilę – zapisane dane nie przepadły.',
  rateLimited:
    'Wysłano zbyt wiele formularzy z tego adresu. Odczekaj kilka minut i wyślij ponownie – wpisane dane zostały w formularzu.',
  startAgain: 'Zacznij od wyboru kwoty i okresu pożyczki – poprzedni wniosek został już złożony albo wygasł.',
  earlierStep: 'Uzupełnij najpierw poprzedni krok wniosku.',
  submitted: 'Wniosek został już złożony. Możesz złożyć nowy, zaczynając od wyboru kwoty.',
} as const;

/** The steps as the progress bar names them. */
export const STEP_TITLES = {
  loan: 'Twoja pożyczka',
  contact: 'Dane kontaktowe',
  personal: 'Dane osobowe i zgody',
} as const;

/**
 * The fraud warning: shown on the home page and on every step of the journey.
 * Original text written for this product.
 */
export const FRAUD_WARNING = {
  title: 'Uwaga na oszustów',
  text: 'Nasi pracownicy nigdy nie dzwonią do klientów. Nikomu – także osobie, która podaje się za nas, za bank lub pożyczkodawcę – nie podawaj przez telefon, SMS ani komunikator swoich danych osobowych, haseł, kodów z SMS-ów ani numerów kont. Wniosek składasz wyłącznie przez formularz na tej stronie.',
} as const;
