import { type PurposeOption } from './home-data';

/** One review on the campaign landing page (spec: image, name, text, date, stars). */
export interface LandingReview {
  image: string;
  name: string;
  text: string;
  /** YYYY-MM-DD. */
  date: string;
  /** 1–5. */
  stars: number;
}

export interface LandingData {
  reviews: LandingReview[];
  /** The purposes of the calculator's choice. */
  purposes: PurposeOption[];
}

/** Reviews written for this product (original text); the avatars are drawings in static/lp/. */
export const LANDING_REVIEWS: readonly LandingReview[] = [
  {
    image: '/lp/opinia-1.svg',
    name: 'Agnieszka z Poznania',
    text: 'Suwakami ustawiłam kwotę na naprawę pralki, wypełniłam krótki formularz i od razu zobaczyłam kilka ofert z kosztami podanymi czarno na białym. Wybrałam tę bez prowizji.',
    date: '2026-09-14',
    stars: 5,
  },
  {
    image: '/lp/opinia-2.svg',
    name: 'Marek z Lublina',
    text: 'Porównanie zajęło mi kilka minut. Podoba mi się, że strona niczego nie obiecuje na siłę – decyzję i tak podejmuje pożyczkodawca, ale od razu wiedziałem, gdzie mam szansę.',
    date: '2026-10-02',
    stars: 5,
  },
  {
    image: '/lp/opinia-3.svg',
    name: 'Ewa z Gdańska',
    text: 'Przerwałam wniosek w połowie, a wieczorem dokończyłam go bez wpisywania wszystkiego od nowa. Pieniądze na remont przyszły następnego dnia roboczego.',
    date: '2026-10-27',
    stars: 4,
  },
];
