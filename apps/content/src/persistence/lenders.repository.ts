import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { type FaqEntry, type LenderInfo } from '../domain/content-model';

export interface LenderSummaryRow {
  slug: string;
  path: string;
  name: string;
  logoUrl: string;
  reviewsCount: number;
  ratingsSum: number;
}

export interface LenderRow extends LenderSummaryRow {
  title: string;
  subtitle: string;
  description: string;
  faq: FaqEntry[];
  info: LenderInfo;
  bodyHtml: string;
}

const SUMMARY = `l."slug", p."path", l."name", l."logo_url" AS "logoUrl", l."reviews_count" AS "reviewsCount", l."ratings_sum" AS "ratingsSum"`;
const FROM = `FROM "content"."lender_reviews" l JOIN "content"."pages" p ON p."id" = l."page_id" AND p."published" AND p."type" = 'lender'`;

@Injectable()
export class LendersRepository {
  constructor(private readonly dataSource: DataSource) {}

  list(): Promise<LenderSummaryRow[]> {
    return this.dataSource.query<LenderSummaryRow[]>(`SELECT ${SUMMARY} ${FROM}`);
  }

  async find(slug: string): Promise<LenderRow | undefined> {
    const rows = await this.dataSource.query<LenderRow[]>(
      `SELECT ${SUMMARY}, p."title", l."subtitle", p."description", p."faq", l."info", p."body_html" AS "bodyHtml" ${FROM} WHERE l."slug" = $1`,
      [slug],
    );
    return rows[0];
  }
}
