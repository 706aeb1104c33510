import { type contentV1 } from '@lib/contracts';
import { createPolishLocale } from '../../shared/locale';
import { quote, toRecentRatingsView } from './lp.view-model';

const locale = createPolishLocale('http://localhost:3000');

const rating = (overrides: Partial<contentV1.LenderRating>): contentV1.LenderRating => ({
  commentId: 12,
  pagePath: '/opinie-o-pozyczkach/vivus/',
  lenderSlug: 'vivus',
  lenderName: 'Vivus',
  name: 'Marta',
  text: 'Umowa czytelna.',
  rating: 4,
  createdAt: '2026-11-20T09:15:00.000Z',
  publishedAt: '2026-11-21T10:00:00.000Z',
  lenderRatingsCount: 2,
  lenderRatingsSum: 9,
  ...overrides,
});

describe('the latest ratings of lenders on /lp/', () => {
  it('is no block at all while nothing rated is published', () => {
    expect(toRecentRatingsView({ ratings: [], totalCount: 0 }, locale)).toBeNull();
  });

  it('quotes each rating with its lender, author, day written and a link to where it is published', () => {
    expect(toRecentRatingsView({ ratings: [rating({})], totalCount: 7 }, locale)).toEqual({
      total: 7,
      ratings: [
        {
          id: '12',
          lender: 'Vivus',
          link: '/opinie-o-pozyczkach/vivus/#komentarz-12',
          author: 'Marta',
          text: 'Umowa czytelna.',
          rating: 4,
          writtenAt: '2026-11-20T09:15:00.000Z',
          lenderRatings: 2,
          // 9 / 2 = 4.5
          lenderAverage: '4,5',
        },
      ],
    });
  });

  it('cuts a long comment at a word, marked, and leaves a short one whole', () => {
    expect(quote('Krótko i na temat.')).toBe('Krótko i na temat.');
    expect(quote('jeden dwa trzy cztery', 12)).toBe('jeden dwa…');
    expect(quote('słowo, słowo', 8)).toBe('słowo…');
  });
});
