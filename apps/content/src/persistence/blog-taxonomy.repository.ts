import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

export interface TagRow {
  slug: string;
  name: string;
  description: string;
  position: number;
  articlesCount: number;
}

export interface AuthorRow {
  id: number;
  slug: string;
  name: string;
  role: string;
  imageUrl: string;
  bioHtml: string;
}

const TAG_SELECT = `SELECT t."slug", t."name", t."description", t."position",
    (SELECT count(*)::int FROM "content"."articles" a
       JOIN "content"."pages" ap ON ap."id" = a."page_id" AND ap."published" AND ap."type" = 'blog'
      WHERE a."tags" @> ARRAY[t."slug"]::text[]) AS "articlesCount"
  FROM "content"."tags" t JOIN "content"."pages" p ON p."id" = t."page_id" AND p."published"`;

const AUTHOR_SELECT = `SELECT au."id", au."slug", au."name", au."role", au."image_url" AS "imageUrl", p."body_html" AS "bioHtml"
  FROM "content"."authors" au JOIN "content"."pages" p ON p."id" = au."page_id" AND p."published"`;

/** Tags and authors: the blog's ways of grouping articles. */
@Injectable()
export class BlogTaxonomyRepository {
  constructor(private readonly dataSource: DataSource) {}

  listTags(slugs?: readonly string[]): Promise<TagRow[]> {
    if (slugs)
      return this.dataSource.query<TagRow[]>(
        `${TAG_SELECT} WHERE t."slug" = ANY($1::text[]) ORDER BY t."position"`,
        [slugs],
      );
    return this.dataSource.query<TagRow[]>(`${TAG_SELECT} ORDER BY t."position"`);
  }

  async findTag(slug: string): Promise<TagRow | undefined> {
    return (await this.listTags([slug]))[0];
  }

  async findAuthor(by: { id: number } | { slug: string }): Promise<AuthorRow | undefined> {
    const rows =
      'id' in by
        ? await this.dataSource.query<AuthorRow[]>(`${AUTHOR_SELECT} WHERE au."id" = $1`, [by.id])
        : await this.dataSource.query<AuthorRow[]>(`${AUTHOR_SELECT} WHERE au."slug" = $1`, [by.slug]);
    return rows[0];
  }
}
