import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { type RouteType } from '../domain/content-model';
import { LenderReviewEntity } from './lender-review.entity';
import { PageEntity } from './page.entity';

export interface RouteRow {
  path: string;
  type: RouteType;
  link: string;
  /**
   * The page's editorial date (imports store a file's `updated`/`edited` day here, or the import's
   * time for files without one); for tag and author pages, which have no date of their own, the
   * newest edited day of their published articles (the import's time only when they have none).
   */
  lastModified: Date;
}

@Injectable()
export class PagesRepository {
  constructor(private readonly dataSource: DataSource) {}

  findPublished(path: string): Promise<PageEntity | null> {
    return this.dataSource.getRepository(PageEntity).findOneBy({ path, published: true });
  }

  /** path → H1 of the published pages among paths. */
  async headings(paths: readonly string[]): Promise<Map<string, string>> {
    if (paths.length === 0) return new Map();
    const rows = await this.dataSource.query<{ path: string; h1: string }[]>(
      `SELECT "path", "h1" FROM "content"."pages" WHERE "path" = ANY($1::text[]) AND "published"`,
      [paths],
    );
    return new Map(rows.map((row) => [row.path, row.h1]));
  }

  async lenderName(pageId: number): Promise<string | undefined> {
    const lender = await this.dataSource
      .getRepository(LenderReviewEntity)
      .findOne({ select: { name: true }, where: { pageId } });
    return lender?.name;
  }

  async listRoutes(): Promise<RouteRow[]> {
    const rows = await this.dataSource.query<RouteRow[]>(
      `SELECT p."path", p."type", p."link",
              COALESCE(CASE p."type"
                WHEN 'tag' THEN (
                  SELECT max(ap."updated_at") FROM "content"."articles" a
                    JOIN "content"."pages" ap ON ap."id" = a."page_id" AND ap."published" AND ap."type" = 'blog'
                   WHERE a."tags" @> ARRAY[p."link"]::text[])
                WHEN 'author' THEN (
                  SELECT max(ap."updated_at") FROM "content"."articles" a
                    JOIN "content"."authors" au ON au."id" = a."author_id"
                    JOIN "content"."pages" ap ON ap."id" = a."page_id" AND ap."published" AND ap."type" = 'blog'
                   WHERE au."page_id" = p."id")
              END, p."updated_at") AS "lastModified"
         FROM "content"."pages" p
        WHERE p."published"
        ORDER BY p."path"`,
    );
    return rows;
  }
}
