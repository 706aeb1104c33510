/** The query of the page a choice sent without JavaScript is redirected to: what was saved (the posted value). */
export const SAVED_QUERY = 'zapisano';

export const COOKIE_SETTINGS_TEXTS = {
  title: 'Ustawienia plików cookie',
  description:
    'Zmień decyzję w sprawie plików cookie: zgódź się na pliki statystyczne albo zostaw tylko pliki niezbędne do działania serwisu.',
  intro:
    'Tutaj w każdej chwili zmienisz decyzję podjętą w komunikacie o plikach cookie. Pliki niezbędne zapisujemy zawsze, bo bez nich serwis nie działa: identyfikator sesji, Twoją decyzję i zabezpieczenie formularzy.',
  consent:
    'Na identyfikator przeglądarki, źródło wizyty i wersję strony w teście porównawczym potrzebujemy Twojej zgody. Jeśli wybierzesz „Tylko niezbędne”, od razu je usuniemy, a zdarzenia z wizyty zapiszemy bez identyfikatora przeglądarki i bez informacji, skąd do nas trafiasz.',
  accept: 'Akceptuję',
  necessaryOnly: 'Tylko niezbędne',
  savedGranted: 'Zapisaliśmy Twoją zgodę. Możesz ją wycofać na tej stronie w każdej chwili.',
  savedDenied:
    'Zapisaliśmy Twój wybór: tylko pliki niezbędne. Pliki zapisane wcześniej za Twoją zgodą usunęliśmy.',
  badChoice: 'Nie udało się odczytać wyboru. Wybierz „Akceptuję” albo „Tylko niezbędne”.',
  crossOrigin: 'Ustawienia plików cookie można zmienić tylko na naszej stronie.',
} as const;
