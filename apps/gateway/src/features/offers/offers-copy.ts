import { plural } from '../../shared/format';
import { type LandingKind } from './offers-data';

/** 'Znaleźliśmy 12 ofert' (1 ofertę, 2–4 oferty, 5+ ofert): the title of a list page. */
export function foundTitle(count: number): string {
  return `Znaleźliśmy ${count} ${plural(count, 'ofertę', 'oferty', 'ofert')}`;
}

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
      'Odmowa jednej firmy nie zamyka drogi do pożyczki. Powiedz nam, ile pieniędzy potrzebujesz, a pokażemy inne oferty.',
  },
  rejected2: {
    title: 'Wniosek odrzucony – sprawdź inne oferty',
    description:
      'Każdy pożyczkodawca ocenia wniosek po swojemu. Ile pieniędzy potrzebujesz? Zobacz oferty, które mogą pasować.',
  },
  trafficback: {
    title: 'Dobrze, że jesteś z powrotem',
    description: 'Oferty z poprzedniej wizyty mogły się zmienić. Oto aktualne propozycje pożyczkodawców.',
  },
};
