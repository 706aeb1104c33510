import { pageTypeOf } from './page-types';

describe('pageTypeOf', () => {
  it.each([
    ['/', 'home'],
    ['/lp/', 'home'],
    ['/application/', 'application'],
    ['/reg2/', 'application'],
    ['/offers/', 'offers'],
    ['/offers3/?amount=2000', 'offers'],
    ['/landing/redirector/', 'offers'],
    ['/landing/rejected/', 'landing'],
    ['/lenders/17/', 'offer'],
    ['/blog/', 'blog'],
    ['/blog/kredyty/page-2/', 'blog'],
    ['/autor/anna-nowak/', 'author'],
    ['/opinie-o-pozyczkach/vivus/', 'lender_review'],
    ['/kalendarz-2024/', 'calendar'],
    ['/kalkulator-kredytowy/', 'calculator'],
    ['/kalkulator-walutowy/eur-pln/', 'currency'],
    ['/kontakt/', 'form'],
    ['/kredyt-gotowkowy/', 'content'],
    ['/kredyt-gotowkowy', 'content'],
    ['/OFFERS/', 'offers'],
    ['', 'other'],
    ['https://example.com/', 'other'],
    ['/a b/', 'other'],
  ])('%p is %p', (path, type) => {
    expect(pageTypeOf(path)).toBe(type);
  });
});
