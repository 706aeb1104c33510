import { ArticleList } from '../../app/components/article-list';
import { Breadcrumbs } from '../../app/components/page-extras';
import { Pager } from '../../app/components/pager';
import { blogPagePath } from '../../app/site-paths/blog';
import { type BlogListData } from './blog-data';

/** The blog listing and the tag pages: articles newest first, the pager, tags and popular articles. */
export default function BlogPage({ data }: { data: BlogListData }) {
  const { tag, articles, page, totalPages, tags, popular } = data;
  const crumbs = tag
    ? [
        { text: 'Strona główna', link: '/' },
        { text: 'Blog', link: '/blog/' },
        { text: tag.name, link: '' },
      ]
    : [
        { text: 'Strona główna', link: '/' },
        { text: 'Blog', link: '' },
      ];
  return (
    <div className="container blog">
      <Breadcrumbs items={crumbs} />
      <header className="blog__header">
        <h1>{tag ? tag.name : 'Blog'}</h1>
        <p className="article__lead">
          {tag
            ? tag.description
            : 'Poradniki i aktualności o pożyczkach, kredytach, BIK, świadczeniach i domowym budżecie – pisane prostym językiem, ze wskazaniem źródeł.'}
        </p>
      </header>
      <div className="blog__layout">
        <section aria-labelledby="artykuly_sekcja">
          <h2 id="artykuly_sekcja" className="visually-hidden">
            {page > 1 ? `Artykuły, strona ${page} z ${totalPages}` : 'Artykuły'}
          </h2>
          {articles.length > 0 ? (
            <ArticleList articles={articles} />
          ) : (
            <p className="notice">Nie ma jeszcze artykułów w tej kategorii.</p>
          )}
          <Pager page={page} totalPages={totalPages} href={(n) => blogPagePath(tag?.slug ?? null, n)} />
        </section>
        <aside className="blog__aside" aria-label="Tematy i popularne artykuły">
          {tags.status === 'ok' && tags.value.length > 0 && (
            <nav className="aside-box" aria-labelledby="tematy_sekcja">
              <h2 id="tematy_sekcja">Tematy</h2>
              <ul className="tag-list">
                {tags.value.map((item) => (
                  <li key={item.slug}>
                    <a
                      className="tag"
                      href={item.url}
                      aria-current={item.slug === tag?.slug ? 'page' : undefined}
                    >
                      {item.name}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
          )}
          {popular.status === 'ok' && popular.value.length > 0 && (
            <section className="aside-box" aria-labelledby="popularne_sekcja">
              <h2 id="popularne_sekcja">Popularne artykuły</h2>
              <ArticleList articles={popular.value} compact />
            </section>
          )}
        </aside>
      </div>
    </div>
  );
}
