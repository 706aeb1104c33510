import { checkMigrations } from '@lib/testing';
import { type DataSource } from 'typeorm';
import { ArticlesRepository } from '../src/persistence/articles.repository';
import { CONTENT_ENTITIES, CONTENT_MIGRATIONS, CONTENT_SCHEMA } from '../src/persistence/content-schema';
import { LendersRepository } from '../src/persistence/lenders.repository';
import { PageEntity } from '../src/persistence/page.entity';

/** Inserts a page row with the columns every migration has had; returns its id. */
async function insertPage(
  db: DataSource,
  path: string,
  type: string,
  link: string,
  h1: string,
): Promise<number> {
  const [row] = await db.query<{ id: number }[]>(
    `INSERT INTO "content"."pages" ("path", "type", "link", "title", "description", "h1", "body_html")
     VALUES ($1, $2, $3, $4, 'Opis strony.', $4, '<p>Treść.</p>') RETURNING "id"`,
    [path, type, link, h1],
  );
  return row!.id;
}

describe('content migrations (real PostgreSQL)', () => {
  it('apply one by one over existing data, revert completely and apply again without drift', async () => {
    const seen: Record<string, unknown> = {};
    const report = await checkMigrations(
      { schema: CONTENT_SCHEMA, entities: CONTENT_ENTITIES, migrations: CONTENT_MIGRATIONS },
      {
        seedAfter: {
          // An installation from before the editorial import: the core pages and one page of its own.
          CreatePages1763683500000: async (db) => {
            await insertPage(db, '/stara-strona/', 'page', '/stara-strona/', 'Strona sprzed importu');
          },
          // An installation that imported content but never took a comment.
          EditorialImport1763740000000: async (db) => {
            const authorPage = await insertPage(
              db,
              '/autor/redakcja/',
              'author',
              '/autor/redakcja/',
              'Redakcja',
            );
            const [author] = await db.query<{ id: number }[]>(
              `INSERT INTO "content"."authors" ("page_id", "slug", "name", "role") VALUES ($1, 'redakcja', 'Redakcja', 'Zespół') RETURNING "id"`,
              [authorPage],
            );
            const articlePage = await insertPage(
              db,
              '/placa-minimalna/',
              'blog',
              '/placa-minimalna/',
              'Płaca minimalna',
            );
            await db.query(
              `INSERT INTO "content"."articles" ("page_id", "slug", "author_id", "tags", "written_on", "edited_on", "views")
               VALUES ($1, 'placa-minimalna', $2, ARRAY['praca-i-kariera'], '2026-01-05', '2026-02-10', 41)`,
              [articlePage, author!.id],
            );
            const lenderPage = await insertPage(
              db,
              '/opinie-o-pozyczkach/vivus/',
              'lender',
              '/opinie-o-pozyczkach/vivus/',
              'Vivus',
            );
            await db.query(
              `INSERT INTO "content"."lender_reviews" ("page_id", "slug", "name", "subtitle", "info", "reviews_count", "ratings_sum")
               VALUES ($1, 'vivus', 'Vivus', 'Pożyczki online', $2, 3, 12)`,
              [
                lenderPage,
                JSON.stringify({
                  company: null,
                  amount: null,
                  period: null,
                  firstLoanFree: true,
                  checked: '2026-11-21',
                }),
              ],
            );
          },
        },
        // Read back through today's entities and repositories, as the service reads them.
        verify: async (db) => {
          seen['page'] = await db.getRepository(PageEntity).findOneBy({ path: '/stara-strona/' });
          seen['home'] = await db.getRepository(PageEntity).findOneBy({ path: '/' });
          seen['article'] = await new ArticlesRepository(db).findBySlug('placa-minimalna');
          seen['lender'] = await new LendersRepository(db).find('vivus');
          seen['comments'] = await db.query(`SELECT count(*)::int AS "count" FROM "content"."comments"`);
        },
      },
    );

    expect(report.applied).toEqual([
      'CreatePages1763683500000',
      'EditorialImport1763740000000',
      'CreateComments1763750000000',
      'CreateIdempotencyKeys1795600000000',
      'IndexPublishedComments1795610000000',
      'PageOfferBlock1797100000000',
    ]);
    expect(seen['page']).toMatchObject({
      h1: 'Strona sprzed importu',
      published: true,
      // Columns the editorial import added, at their defaults for rows written before it.
      introHtml: '',
      faq: [],
      related: [],
      toc: [],
      sourceFile: null,
      // Written before pages declared their offers block: none until the next import.
      offerBlock: null,
    });
    expect(seen['home']).toMatchObject({ type: 'page', sourceFile: null });
    expect(seen['article']).toMatchObject({
      slug: 'placa-minimalna',
      path: '/placa-minimalna/',
      views: 41,
      tags: ['praca-i-kariera'],
      written: '2026-01-05',
      commentsCount: 0,
    });
    expect(seen['lender']).toMatchObject({
      slug: 'vivus',
      reviewsCount: 3,
      ratingsSum: 12,
      info: { firstLoanFree: true },
    });
    expect(seen['comments']).toEqual([{ count: 0 }]);
    expect(report.reverted).toEqual([
      'PageOfferBlock1797100000000',
      'IndexPublishedComments1795610000000',
      'CreateIdempotencyKeys1795600000000',
      'CreateComments1763750000000',
      'EditorialImport1763740000000',
      'CreatePages1763683500000',
    ]);
    expect(report.leftAfterDown).toEqual([]);
    expect(report.pendingAfterReapply).toEqual([]);
  });
});
