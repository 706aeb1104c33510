/**
 * The cookie notice's words and the hooks its markup and script share. The server draws the notice
 * into every page (server/render/consent-notice-markup.ts), identical for everyone so that pages
 * stay cacheable; a small inline script in <head> marks the document while the browser holds no
 * answer, and the stylesheet shows the notice only then, so it is part of the first paint. The
 * tracker's script (features/tracking/consent-notice.ts) posts the choice without leaving the page
 * and opens the notice again from the footer's "Ustawienia cookies".
 */
export const CONSENT_NOTICE_TEXTS = {
  label: 'Zgoda na pliki cookie',
  notice:
    'Używamy plików cookie niezbędnych do działania serwisu. Za Twoją zgodą zapiszemy też identyfikator przeglądarki, ' +
    'źródło wizyty i wersję strony w teście porównawczym, żeby liczyć statystyki odwiedzin, rozliczać się z partnerami ' +
    'i sprawdzać, która wersja strony lepiej się sprawdza. Decyzję zmienisz w każdej chwili w „Ustawieniach cookies” ' +
    'na dole strony. Szczegóły znajdziesz w ',
  policyLink: 'polityce cookies',
  granted: 'Obecnie zgadzasz się na wszystkie pliki cookie opisane w polityce.',
  denied: 'Obecnie zapisujemy tylko pliki niezbędne.',
  accept: 'Akceptuję',
  necessaryOnly: 'Tylko niezbędne',
  close: 'Zamknij',
} as const;

/** The attribute that marks the notice's element. */
export const CONSENT_NOTICE_ATTRIBUTE = 'data-consent-notice';
/** The class on <html> while the browser holds no answer: the notice shows. */
export const CONSENT_UNSET_CLASS = 'consent-unset';
/** The notice's class while opened again from "Ustawienia cookies" (an answer is held). */
export const CONSENT_NOTICE_OPEN_CLASS = 'consent-notice--open';
