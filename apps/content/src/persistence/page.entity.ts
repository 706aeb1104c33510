import { Check, Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, Unique, UpdateDateColumn } from 'typeorm';

export const PAGE_TYPES = ['page', 'seo', 'blog', 'tag', 'lender', 'doc', 'author'] as const;
export type PageType = (typeof PAGE_TYPES)[number];

/** An editorial page addressed by its public path (always with the trailing slash). */
@Entity({ name: 'pages' })
@Unique('UQ_pages_path', ['path'])
@Check('CHK_pages_type', `"type" IN ('page', 'seo', 'blog', 'tag', 'lender', 'doc', 'author')`)
export class PageEntity {
  @PrimaryGeneratedColumn({ type: 'integer', primaryKeyConstraintName: 'PK_pages' })
  id!: number;

  @Column({ type: 'varchar', length: 512 })
  path!: string;

  /** Route metadata `type` (spec point 2); `page` for core pages such as home and about. */
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

  @Column({ type: 'boolean', default: true })
  published!: boolean;

  @CreateDateColumn({ name: 'published_at', type: 'timestamptz' })
  publishedAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
