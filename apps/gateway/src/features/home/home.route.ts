import { defineRoute } from '../../app/route-types';
import { contentHead } from '../../app/routes/head';
import { noParams } from '../../app/routes/params';
import { loadHome } from './home.loader';

export const homeRoute = defineRoute({
  name: 'home',
  page: 'home',
  pattern: '/',
  layout: 'default',
  params: noParams,
  load: loadHome,
  // The home page shows neither breadcrumbs nor an FAQ, so its structured data has neither.
  head: (data, ctx) => contentHead(ctx, data.page, { breadcrumbs: [], faq: [] }),
  // Offers and exchange rates on the home page change every day.
  sitemap: { lastmod: 'today' },
});
