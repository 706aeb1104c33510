'use strict';
// The routes `npm run bench:all` measures: one address of every route type the site has. A new
// page type (offers, calculator, converter, bank page, ...) is one more line here.

/**
 * @typedef {{
 *   name: string,      // short name: table rows, --routes, result records
 *   path: string,      // an address of that type that answers 200 with the repository's content
 *   what: string,      // the route type, for the legend
 *   list?: boolean,    // a listing of articles: its cost should not grow with the content
 * }} BenchRoute
 */

/** @type {ReadonlyArray<Readonly<BenchRoute>>} */
const BENCH_ROUTES = Object.freeze(
  [
    { name: 'home', path: '/', what: 'home page' },
    { name: 'seo', path: '/pozyczki-dla-studentow/', what: 'SEO landing page' },
    { name: 'article', path: '/placa-minimalna/', what: 'blog article' },
    { name: 'blog', path: '/blog/', what: 'blog list', list: true },
    { name: 'tag', path: '/blog/kredyty/', what: 'blog tag page', list: true },
    { name: 'lender', path: '/opinie-o-pozyczkach/vivus/', what: 'lender review' },
    { name: 'offers', path: '/offers/', what: 'offer list (MatchOffers ranking)' },
    { name: 'calendar', path: '/kalendarz-2026/', what: 'holiday calendar' },
    {
      name: 'converter',
      path: '/kalkulator-walutowy/',
      what: 'currency converter (NBP tables A, B, C and every bank)',
    },
    { name: 'pair', path: '/kalkulator-walutowy/eur-pln/', what: 'currency pair page (rate history chart)' },
    { name: 'bank', path: '/kursy-walut-w-bankach/pko-bp/', what: 'bank rates page (a chart per currency)' },
    { name: 'document', path: '/polityka-cookies/', what: 'legal document' },
    { name: 'sitemap', path: '/sitemap.xml', what: 'sitemap index (sitemap.xml)', list: true },
    {
      name: 'sitemap-blog',
      path: '/sitemap-blog-1.xml',
      what: "the blog's first sitemap file (articles, tags, listings; up to 1000 addresses)",
      list: true,
    },
  ].map((route) => Object.freeze(route)),
);

/**
 * The routes a --routes value names, in the table's order ('lists' stands for every list page).
 * @param {string | undefined} names comma-separated route names; undefined = all
 * @param {ReadonlyArray<Readonly<BenchRoute>>} [table]
 * @returns {Array<Readonly<BenchRoute>>}
 */
function selectRoutes(names, table = BENCH_ROUTES) {
  if (names === undefined) return [...table];
  const wanted = new Set();
  for (const name of names.split(',').map((part) => part.trim())) {
    if (name === 'lists') {
      for (const route of table) if (route.list) wanted.add(route.name);
    } else if (table.some((route) => route.name === name)) {
      wanted.add(name);
    } else {
      throw new Error(
        `unknown route "${name}"; known: ${table.map((route) => route.name).join(', ')}, or lists`,
      );
    }
  }
  return table.filter((route) => wanted.has(route.name));
}

module.exports = { BENCH_ROUTES, selectRoutes };
