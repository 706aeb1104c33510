import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { type ListedArticle } from '../domain/blog-listings';
import { type ArticleSource, type FaqEntry } from '../domain/content-model';
import { type TocEntry } from '../domain/markdown';

export interface ArticleRow {
  id: number;
  slug: string;
  path: string;
  title: string;
  description: string;
  written: string;
  edited: string;
  views: number;
  readingMinutes: number;
  tags: string[];
  authorId: number;
}

export interface ArticleDetailRow extends ArticleRow {
  h1: string;
  bodyHtml: string;
  toc: TocEntry[];
  faq: FaqEntry[];
  wordCount: number;
  sources: ArticleSource[];
  ratingsCount: number;
  ratingsSum: number;
  commentsCount: number;
}

export interface ArticleFilter {
  tag?: string;
  authorId?: number;
}

// Published articles only: an article whose file was removed keeps its row (and views) but hides.
const SUMMARY = `a."id", a."slug", p."path", p."title", p."description",
  to_char(a."written_on", 'YYYY-MM-DD') AS "written", to_char(a."edited_on", 'YYYY-MM-DD') AS "edited",
  a."views"::float8 AS "views", p."reading_minutes" AS "readingMinutes", a."tags", a."author_id" AS "authorId"`;
const FROM = `FROM "content"."articles" a JOIN "content"."pages" p ON p."id" = a."page_id" AND p."published" AND p."type" = 'blog'`;
const NEWEST_FIRST = `ORDER BY a."written_on" DESC, a."slug"`;

function where(filter: ArticleFilter): { sql: string; params: unknown[] } {
  const clauses: string[] = [];
  const params: unknown[] = [];
  if (filter.tag !== undefined) {
    params.push([filter.tag]);
    clauses.push(`a."tags" @> $${params.length}::text[]`);
  }
  if (filter.authorId !== undefined) {
    params.push(filter.authorId);
    clauses.push(`a."author_id" = $${params.length}`);
  }
  return { sql: clauses.length ? `WHERE ${clauses.join(' AND ')}` : '', params };
}

@Injectable()
export class ArticlesRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** False until the service's database is up (it may start without one): nothing to write to yet. */
  isConnected(): boolean {
    return this.dataSource.isInitialized;
  }

  async list(
    filter: ArticleFilter,
    offset: number,
    limit: number,
  ): Promise<{ rows: ArticleRow[]; total: number }> {
    const { sql, params } = where(filter);
    const [rows, count] = await Promise.all([
      this.dataSource.query<ArticleRow[]>(
        `SELECT ${SUMMARY} ${FROM} ${sql} ${NEWEST_FIRST} LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
        [...params, limit, offset],
      ),
      this.dataSource.query<{ total: number }[]>(`SELECT count(*)::int AS "total" ${FROM} ${sql}`, params),
    ]);
    return { rows, total: count[0]?.total ?? 0 };
  }

  async findBySlug(slug: string): Promise<ArticleDetailRow | undefined> {
    const rows = await this.dataSource.query<ArticleDetailRow[]>(
      `SELECT ${SUMMARY}, p."h1", p."body_html" AS "bodyHtml", p."toc", p."faq", p."word_count" AS "wordCount", a."sources",
              a."ratings_count" AS "ratingsCount", a."ratings_sum" AS "ratingsSum", a."comments_count" AS "commentsCount"
         ${FROM} WHERE a."slug" = $1`,
      [slug],
    );
    return rows[0];
  }

  /** Articles sharing tags with this one, most shared tags first, then newest. */
  similar(slug: string, tags: readonly string[], limit: number): Promise<ArticleRow[]> {
    return this.dataSource.query<ArticleRow[]>(
      `SELECT ${SUMMARY} ${FROM}
        WHERE a."slug" <> $1 AND a."tags" && $2::text[]
        ORDER BY cardinality(ARRAY(SELECT unnest(a."tags") INTERSECT SELECT unnest($2::text[]))) DESC, a."written_on" DESC, a."slug"
        LIMIT $3`,
      [slug, tags, limit],
    );
  }

  /** Tags and days of every published article: what the blog listings are counted and dated by. */
  listedArticles(): Promise<ListedArticle[]> {
    return this.dataSource.query<ListedArticle[]>(
      `SELECT a."tags", to_char(a."written_on", 'YYYY-MM-DD') AS "written", to_char(a."edited_on", 'YYYY-MM-DD') AS "edited" ${FROM}`,
    );
  }

  popular(limit: number): Promise<ArticleRow[]> {
    return this.dataSource.query<ArticleRow[]>(
      `SELECT ${SUMMARY} ${FROM} ORDER BY a."views" DESC, a."written_on" DESC, a."slug" LIMIT $1`,
      [limit],
    );
  }

  /** Views already in PostgreSQL, or undefined when no published article has the slug. */
  async storedViews(slug: string): Promise<number | undefined> {
    const rows = await this.dataSource.query<{ views: number }[]>(
      `SELECT a."views"::float8 AS "views" ${FROM} WHERE a."slug" = $1`,
      [slug],
    );
    return rows[0]?.views;
  }

  /** Adds counted views in one statement; slugs without a row (article never imported) are ignored. */
  async addViews(counts: ReadonlyMap<string, number>): Promise<void> {
    if (counts.size === 0) return;
    await this.dataSource.query(
      `UPDATE "content"."articles" a SET "views" = a."views" + v."n"
         FROM unnest($1::text[], $2::bigint[]) AS v("slug", "n")
        WHERE a."slug" = v."slug"`,
      [[...counts.keys()], [...counts.values()]],
    );
  }
}
