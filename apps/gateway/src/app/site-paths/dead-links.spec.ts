import { unlinkMissingPages, unlinkMissingPagesIn } from './dead-links';

const exists = (path: string) => ['/blog/', '/kalkulator-walutowy/'].includes(path);

describe('links to pages that do not exist', () => {
  it('keeps the text of a link to a missing site page, and every other link', () => {
    const html =
      '<p>Wypełnij <a href="/application/">nasz formularz</a>, czytaj <a href="/blog/">blog</a>, przelicz w <a href="/kalkulator-walutowy/?z=EUR#wynik">kalkulatorze</a>, ' +
      'zobacz <a href="https://nbp.pl/" rel="noopener">NBP</a> i <a href="#sekcja">sekcję</a>.</p>';
    expect(unlinkMissingPages(html, exists)).toBe(
      '<p>Wypełnij nasz formularz, czytaj <a href="/blog/">blog</a>, przelicz w <a href="/kalkulator-walutowy/?z=EUR#wynik">kalkulatorze</a>, ' +
        'zobacz <a href="https://nbp.pl/" rel="noopener">NBP</a> i <a href="#sekcja">sekcję</a>.</p>',
    );
  });

  it('cleans every editorial HTML field of page data, at any depth, and nothing else', () => {
    const data = {
      page: {
        bodyHtml: '<a href="/kontakt/">Kontakt</a>',
        path: '/o-nas/',
        faq: [{ question: 'Q', answerHtml: '<a href="/unsubscribe/"><strong>tu</strong></a>' }],
      },
      link: '<a href="/kontakt/">x</a>',
      count: 3,
      none: null,
    };
    expect(unlinkMissingPagesIn(data, exists)).toEqual({
      page: {
        bodyHtml: 'Kontakt',
        path: '/o-nas/',
        faq: [{ question: 'Q', answerHtml: '<strong>tu</strong>' }],
      },
      link: '<a href="/kontakt/">x</a>',
      count: 3,
      none: null,
    });
    expect(data.page.bodyHtml).toBe('<a href="/kontakt/">Kontakt</a>');
  });
});
