import { plural } from '../../shared/format';
import { type LandingKind } from './offers-data';

/** 'Znaleźliśmy 12 ofert' (1 ofertę, 2–4 oferty, 5+ ofert): the title of a list page. */
export function foundTitle(count: number): string {
  return `Znaleźliśmy ${count} ${plural(count, 'ofertę', 'oferty', 'ofert')}`;
}

/**
 * The refusal landings' advice, in order: wait, check the credit history, count the budget. Each
 * step is a lead-in and its sentence; the articles about debt follow them on the page.
 */
export const REFUSAL_STEPS: readonly { title: string; text: string }[] = [
  {
    title: 'Daj sobie czas.',
    text: 'Każdy wniosek to zapytanie, które pożyczkodawcy widzą w Twojej historii kredytowej, a kilka zapytań w krótkim czasie zwykle obniża ocenę kolejnych wniosków. Zanim złożysz następny, odczekaj kilka tygodni.',
  },
  {
    title: 'Sprawdź swoją historię kredytową.',
    text: 'Raport BIK możesz pobrać bezpłatnie raz na pół roku. Jeśli znajdziesz w nim zobowiązanie, którego nie znasz, albo błąd, zgłoś go instytucji, która przekazała dane.',
  },
  {
    title: 'Policz swój budżet.',
    text: 'Jeśli już teraz trudno Ci spłacać raty, kolejna pożyczka może pogłębić problem. Bezpłatnie pomagają miejscy i powiatowi rzecznicy konsumentów.',
  },
];

/** The heading of the refusal landings' advice, and of their articles about debt. */
export const REFUSAL_TEXTS = {
  stepsTitle: 'Co warto zrobić teraz',
  adviceTitle: 'Poradniki o zadłużeniu',
  adviceUnavailable: 'Nie udało się teraz wczytać poradników.',
  allAdvice: 'Wszystkie poradniki o zadłużeniu',
} as const;

/** Titles and leads of the landing pages. */
export const LANDING_COPY: Readonly<Record<LandingKind, { title: string; description: string }>> = {
  offers: {
    title: 'Oferty pożyczek wybrane dla Ciebie',
    description:
      'Pożyczki online uszeregowane według kosztu i ocen podanych ze źródłem. Sprawdź warunki i przejdź do pożyczkodawcy.',
  },
  redirector: {
    title: 'Sprawdzamy wszystkie dostępne oferty',
    description:
      'Porównujemy oferty pożyczkodawców, które pasują do Twojego wniosku. To potrwa tylko chwilę.',
  },
  rejected: {
    title: 'Ten pożyczkodawca nie przyznał pożyczki',
    description:
      'Odmowa to dobry moment, żeby się zatrzymać, a nie powód, by od razu składać kolejne wnioski. Podpowiadamy, co sprawdzić, zanim spróbujesz ponownie.',
  },
  rejected2: {
    title: 'Wniosek odrzucony – co dalej?',
    description:
      'Każdy pożyczkodawca ocenia wniosek po swojemu, ale kolejne wnioski składane jeden po drugim rzadko pomagają. Zobacz, co warto zrobić przed następną próbą.',
  },
  trafficback: {
    title: 'Dobrze, że jesteś z powrotem',
    description: 'Oferty z poprzedniej wizyty mogły się zmienić. Oto aktualne propozycje pożyczkodawców.',
  },
};
