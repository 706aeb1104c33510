/** Original copy of the core pages, frozen with the migration that introduced them. */
export const CORE_PAGES = [
  {
    path: '/',
    type: 'page',
    title: 'Porównywarka pożyczek online i kredytów gotówkowych',
    description:
      'Porównaj pożyczki online i kredyty gotówkowe od licencjonowanych firm. Jeden wniosek, dopasowane oferty, bez opłat po Twojej stronie.',
    h1: 'Pożyczka online do 15 000 zł — porównaj oferty w kilka minut',
    bodyHtml: [
      '<p>Wybierz kwotę i okres spłaty, wypełnij jeden wniosek, a my pokażemy oferty pożyczkodawców, którzy mogą go rozpatrzyć. ',
      'Nie udzielamy pożyczek — jesteśmy pośrednikiem, który pomaga porównać warunki. Korzystanie z serwisu jest bezpłatne.</p>',
      '<h2>Jak to działa</h2>',
      '<ol><li>Ustaw kwotę, okres i cel pożyczki.</li><li>Wypełnij krótki formularz.</li>',
      '<li>Porównaj dopasowane oferty i przejdź na stronę wybranej firmy.</li></ol>',
      '<h2>Na co zwrócić uwagę</h2>',
      '<p>Porównuj nie tylko oprocentowanie, ale całkowitą kwotę do spłaty i RRSO. Sprawdź termin spłaty, koszt przedłużenia ',
      'i opłaty za opóźnienie. Zanim podpiszesz umowę, przeczytaj formularz informacyjny, który pożyczkodawca musi Ci przekazać.</p>',
    ].join(''),
  },
  {
    path: '/o-nas/',
    type: 'page',
    title: 'O nas — kim jesteśmy i jak zarabiamy',
    description:
      'Poznaj serwis: porównujemy oferty pożyczek i kredytów, nie udzielamy ich sami, a dla Ciebie wszystko jest bezpłatne.',
    h1: 'O nas',
    bodyHtml: [
      '<p>Jesteśmy serwisem porównawczym. Zbieramy oferty pożyczek online i kredytów gotówkowych od firm, które działają legalnie ',
      'na polskim rynku, i pokazujemy je w jednym miejscu, tak aby łatwiej było wybrać tańszą i bezpieczniejszą ofertę.</p>',
      '<h2>Pośrednik, nie pożyczkodawca</h2>',
      '<p>Nie udzielamy pożyczek ani kredytów i nie podejmujemy decyzji kredytowych. Umowę zawierasz bezpośrednio z wybraną firmą. ',
      'Za korzystanie z serwisu nic nie płacisz — wynagrodzenie otrzymujemy od partnerów. Nie odpowiadamy za treści stron zewnętrznych.</p>',
      '<h2>Bezpieczeństwo</h2>',
      '<p>Nasi pracownicy nigdy nie dzwonią do klientów z prośbą o dane. Nie podawaj nikomu haseł, kodów SMS ani numerów kont.</p>',
    ].join(''),
  },
  {
    path: '/jak-to-dziala/',
    type: 'page',
    title: 'Jak to działa — od wniosku do wypłaty',
    description:
      'Zobacz, jak w trzech krokach porównać oferty pożyczek i złożyć wniosek bezpośrednio u wybranego pożyczkodawcy.',
    h1: 'Jak to działa',
    bodyHtml: [
      '<h2>1. Wypełnij formularz</h2><p>Podaj kwotę, okres i cel pożyczki oraz podstawowe dane kontaktowe.</p>',
      '<h2>2. Zobacz najlepsze oferty</h2><p>Dopasowujemy oferty do Twojego wniosku i pokazujemy ich najważniejsze warunki obok siebie.</p>',
      '<h2>3. Otrzymaj środki</h2><p>Po pozytywnej decyzji pożyczkodawcy pieniądze trafiają na Twoje konto — często jeszcze tego samego dnia.</p>',
    ].join(''),
  },
] as const;
