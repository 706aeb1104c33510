import { Check, Column, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, Unique } from 'typeorm';
import { type ArticleSource } from '../domain/content-model';
import { AuthorEntity } from './author.entity';
import { PageEntity } from './page.entity';

/** PostgreSQL bigint arrives as a string; view counts stay far below 2^53. */
const bigintAsNumber = {
  to: (value: number) => value,
  from: (value: string | null) => (value === null ? 0 : Number(value)),
};

/** A blog article at /<slug>/; its text and SEO fields live on its page. */
@Entity({ name: 'articles' })
@Unique('UQ_articles_slug', ['slug'])
@Unique('UQ_articles_page', ['pageId'])
@Check(
  'CHK_articles_counts',
  `"views" >= 0 AND "ratings_count" >= 0 AND "ratings_sum" >= 0 AND "comments_count" >= 0`,
)
export class ArticleEntity {
  @PrimaryGeneratedColumn({ type: 'integer', primaryKeyConstraintName: 'PK_articles' })
  id!: number;

  @Column({ name: 'page_id', type: 'integer' })
  pageId!: number;

  @ManyToOne(() => PageEntity, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'page_id', foreignKeyConstraintName: 'FK_articles_page' })
  page?: PageEntity;

  @Column({ type: 'varchar', length: 100 })
  slug!: string;

  @Column({ name: 'author_id', type: 'integer' })
  authorId!: number;

  @ManyToOne(() => AuthorEntity, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'author_id', foreignKeyConstraintName: 'FK_articles_author' })
  author?: AuthorEntity;

  /** Tag slugs, 1-3, in editorial order. */
  @Column({ type: 'text', array: true })
  tags!: string[];

  @Column({ name: 'written_on', type: 'date' })
  writtenOn!: string;

  @Column({ name: 'edited_on', type: 'date' })
  editedOn!: string;

  @Column({ type: 'jsonb', default: () => "'[]'" })
  sources!: ArticleSource[];

  /** Counted visits, flushed here from Redis (or memory) every 30 s. */
  @Column({ type: 'bigint', default: 0, transformer: bigintAsNumber })
  views!: number;

  /** Published comments with a rating, and the sum of those ratings; kept by the comments feature. */
  @Column({ name: 'ratings_count', type: 'integer', default: 0 })
  ratingsCount!: number;

  @Column({ name: 'ratings_sum', type: 'integer', default: 0 })
  ratingsSum!: number;

  /** Published comments, replies included; kept by the comments feature. */
  @Column({ name: 'comments_count', type: 'integer', default: 0 })
  commentsCount!: number;
}
