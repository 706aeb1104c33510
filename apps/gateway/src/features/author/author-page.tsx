import { ArticleList } from '../../app/components/article-list';
import { HtmlBlock } from '../../app/components/html-block';
import { Breadcrumbs } from '../../app/components/page-extras';
import { plural } from '../../shared/format';
import { type AuthorPageData } from './author-data';

/** An author: portrait, role, biography and their articles. */
export default function AuthorPage({ data }: { data: AuthorPageData }) {
  const { author, articles, totalArticles } = data;
  return (
    <div className="container article">
      <Breadcrumbs
        items={[
          { text: 'Strona główna', link: '/' },
          { text: 'Blog', link: '/blog/' },
          { text: author.name, link: '' },
        ]}
      />
      <header className="author">
        {author.imageUrl !== '' && (
          <img
            className="author__image"
            src={author.imageUrl}
            alt=""
            width={96}
            height={96}
            decoding="async"
          />
        )}
        <div>
          <h1>{author.name}</h1>
          {author.role !== '' && <p className="author__role">{author.role}</p>}
        </div>
      </header>
      <HtmlBlock id="bio_autora" className="prose" html={author.bioHtml} />
      <section className="section section--flush" aria-labelledby="artykuly_autora">
        <h2 id="artykuly_autora">{`Artykuły autora (${totalArticles} ${plural(totalArticles, 'artykuł', 'artykuły', 'artykułów')})`}</h2>
        {articles.length > 0 ? (
          <ArticleList articles={articles} />
        ) : (
          <p>Ten autor nie opublikował jeszcze artykułów.</p>
        )}
      </section>
    </div>
  );
}
