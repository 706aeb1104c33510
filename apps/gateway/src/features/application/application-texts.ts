import { type ApplicantAges } from '@lib/pl-validation';
import { FRAUD_WARNING_TITLE } from '../../app/operator';

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
  /** The leads service holds the step's key for other data, also after a new key was tried. */
  keyReused: 'Ten krok wniosku został już wysłany z innymi danymi. Odśwież stronę i wyślij go jeszcze raz.',
  badField: 'Sprawdź wartość tego pola.',
  submitted: 'Wniosek został już złożony. Możesz złożyć nowy, zaczynając od wyboru kwoty.',
} as const;

/** The steps as the progress bar names them. */
export const STEP_TITLES = {
  loan: 'Twoja pożyczka',
  contact: 'Dane kontaktowe',
  personal: 'Dane osobowe i zgody',
} as const;

/**
 * The fraud warning shown on the home page and on every step of the journey: what we never ask
 * for and how we do get in touch (app/operator/contact-safety.ts, the footer's words too), then the
 * journey as /jak-to-dziala/ describes it: one form here, passed with consent to the lenders the
 * last step names, each of which decides and concludes the agreement itself.
 */
export const FRAUD_WARNING = {
  title: FRAUD_WARNING_TITLE,
  journey:
    'Wniosek wypełniasz raz, w formularzu na tej stronie. Za Twoją zgodą przekazujemy go pożyczkodawcom wymienionym w ostatnim kroku – każdy z nich sam ocenia wniosek, podejmuje decyzję i zawiera z Tobą umowę.',
} as const;

/**
 * Why step 3 asks each identity field it asks (one short line under the field). `listed`: the
 * preview named the lenders (they are listed under the consents); `general`: the preview could not
 * be read, every field is asked, and no lender is named.
 */
export const IDENTITY_REASONS = {
  listed: {
    pesel:
      'Pożyczkodawcy z listy poniżej proszą o numer PESEL, żeby potwierdzić Twoją tożsamość i to, że masz co najmniej 18 lat.',
    idCard:
      'Seria i numer dowodu są potrzebne pożyczkodawcom z listy poniżej, żeby sprawdzić, czy wniosek składa właściciel dokumentu.',
    bankAccount:
      'Na to konto pożyczkodawca z listy poniżej przeleje pieniądze, jeśli przyzna Ci pożyczkę – podaj konto prowadzone na Twoje nazwisko.',
  },
  general: {
    pesel: 'Numer PESEL pozwala pożyczkodawcy potwierdzić Twoją tożsamość i wiek.',
    idCard:
      'Seria i numer dowodu pozwalają pożyczkodawcy sprawdzić, czy wniosek składa właściciel dokumentu.',
    bankAccount: 'Na to konto pożyczkodawca przeleje pieniądze, jeśli przyzna Ci pożyczkę.',
  },
} as const;

/**
 * The PESEL field's line on the ages the form accepts: those the lenders it passes applications to
 * take (DeliveryPreviewView.ages); any adult while they are not known.
 */
export function applicantAgesHint(ages: ApplicantAges): string {
  return ages.max === null
    ? `Wniosek może złożyć osoba, która ma co najmniej ${ages.min} lat.`
    : `Formularz przyjmuje osoby w wieku od ${ages.min} do ${ages.max} lat – osobom w takim wieku udzielają pożyczek pożyczkodawcy, którym przekazujemy wnioski.`;
}

/** The ID card field's line: the only identity document the form (and the lenders' delivery) takes. */
export const ID_CARD_ONLY =
  'Przyjmujemy tylko polski dowód osobisty – paszportu ani karty pobytu nie da się tu podać.';

/** Step 3's words about where the application goes (the delivery preview). */
export const DELIVERY_TEXTS = {
  lendersIntro: 'Pożyczkodawcy, do których możemy przekazać Twój wniosek:',
  matchedOnly:
    'Nie mamy teraz pożyczkodawcy, któremu moglibyśmy przekazać Twój wniosek, dlatego tylko dopasujemy go do ofert – nie przekażemy go żadnemu pożyczkodawcy.',
  previewUnavailable:
    'Nie udało się teraz sprawdzić, którzy pożyczkodawcy przyjmują wnioski, dlatego prosimy o wszystkie dane poniżej. Jeśli wyślesz wniosek teraz, tylko dopasujemy go do ofert i nie przekażemy go żadnemu pożyczkodawcy. Odśwież stronę za chwilę, aby zobaczyć listę pożyczkodawców.',
  privacyLead: 'Administratorem Twoich danych osobowych jest',
  privacyFallbackOperator: 'operator serwisu (jego dane są w stopce strony)',
  privacyPolicyLead: 'Zasady przetwarzania danych i Twoje prawa opisuje',
  privacyPolicyLink: 'polityka prywatności',
} as const;

/** The privacy policy, linked from step 3 as information (not a consent). */
export const PRIVACY_POLICY_PATH = '/polityka-prywatnosci/';
