import { defineRoute } from '../../app/route-types';
import { HOME_CRUMB, pageHead } from '../../app/routes/head';
import { slugParam } from '../../app/routes/params';
import { authorLd } from '../../app/seo/structured-data';
import { loadAuthor } from './author.loader';

export const authorRoute = defineRoute({
  name: 'author',
  page: 'author',
  pattern: '/autor/:slug/',
  layout: 'default',
  params(raw) {
    const slug = slugParam(raw, 'slug');
    return slug === null ? null : { slug };
  },
  load: loadAuthor,
  head: (data, ctx) =>
    pageHead(ctx, {
      title: `${data.author.name} – autor artykułów`,
      description: data.author.role
        ? `${data.author.name}, ${data.author.role.toLowerCase()} – artykuły i poradniki na naszym blogu.`
        : `${data.author.name} – artykuły i poradniki na naszym blogu.`,
      breadcrumbs: [HOME_CRUMB, { text: 'Blog', link: '/blog/' }, { text: data.author.name, link: '' }],
      structuredData: [
        {
          '@context': 'https://schema.org',
          '@type': 'ProfilePage',
          mainEntity: authorLd(ctx.origin, {
            name: data.author.name,
            role: data.author.role,
            path: ctx.path,
          }),
        },
      ],
    }),
});
