import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  PrimaryGeneratedColumn,
  Unique,
  UpdateDateColumn,
} from 'typeorm';
import { type FaqEntry, type OfferBlockRecord } from '../domain/content-model';
import { type TocEntry } from '../domain/markdown';

export const PAGE_TYPES = ['page', 'seo', 'blog', 'tag', 'lender', 'doc', 'author'] as const;
export type PageType = (typeof PAGE_TYPES)[number];

/**
 * Every published path of the editorial content, whatever its kind: the route table (type, link),
 * the SEO fields and the rendered text. Articles, authors, tags and lender reviews keep their own
 * fields in tables that point here.
 */
@Entity({ name: 'pages' })
@Unique('UQ_pages_path', ['path'])
@Check('CHK_pages_type', `"type" IN ('page', 'seo', 'blog', 'tag', 'lender', 'doc', 'author')`)
export class PageEntity {
  @PrimaryGeneratedColumn({ type: 'integer', primaryKeyConstraintName: 'PK_pages' })
  id!: number;

  @Column({ type: 'varchar', length: 512 })
  path!: string;

  /** Route metadata `type`: the page's kind (PAGE_TYPES); `page` for core pages such as home and about. */
  @Column({ type: 'varchar', length: 16 })
  type!: PageType;

  /** Route metadata `link`: the path, or for tags the tag slug. */
  @Column({ type: 'varchar', length: 512 })
  link!: string;

  @Column({ type: 'varchar', length: 120 })
  title!: string;

  @Column({ type: 'varchar', length: 300 })
  description!: string;

  @Column({ type: 'varchar', length: 200 })
  h1!: string;

  /** Sanitised HTML rendered from the editorial source. */
  @Column({ name: 'body_html', type: 'text' })
  bodyHtml!: string;

  /** Introduction under the H1, sanitised HTML; empty when none. */
  @Column({ name: 'intro_html', type: 'text', default: '' })
  introHtml!: string;

  @Column({ type: 'jsonb', default: () => "'[]'" })
  faq!: FaqEntry[];

  /** Paths of related pages, in editorial order. */
  @Column({ type: 'text', array: true, default: () => "'{}'" })
  related!: string[];

  /** Table of contents: the body's h2/h3 headings with their anchors. */
  @Column({ type: 'jsonb', default: () => "'[]'" })
  toc!: TocEntry[];

  @Column({ name: 'word_count', type: 'integer', default: 0 })
  wordCount!: number;

  @Column({ name: 'reading_minutes', type: 'integer', default: 0 })
  readingMinutes!: number;

  /** Whether the page shows the offers block and the call to action of the loan journey. */
  @Column({ name: 'show_offers', type: 'boolean', default: false })
  showOffers!: boolean;

  /** What the offers block shows (the front matter's `offers` declaration); null without a block. */
  @Column({ name: 'offer_block', type: 'jsonb', nullable: true })
  offerBlock!: OfferBlockRecord | null;

  /** sha256 of the source (hex); null for pages seeded by a migration rather than imported. */
  @Column({ name: 'content_hash', type: 'varchar', length: 64, nullable: true })
  contentHash!: string | null;

  /** Version of the importer's rendering that produced the HTML; a new version re-renders unchanged files. */
  @Column({ name: 'render_version', type: 'integer', default: 0 })
  renderVersion!: number;

  /** The file the page came from ('content/pages/x.md'); null for seeded pages, which imports never unpublish. */
  @Column({ name: 'source_file', type: 'varchar', length: 300, nullable: true })
  sourceFile!: string | null;

  @Column({ type: 'boolean', default: true })
  published!: boolean;

  @CreateDateColumn({ name: 'published_at', type: 'timestamptz' })
  publishedAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
