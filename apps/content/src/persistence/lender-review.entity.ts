import { Check, Column, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, Unique } from 'typeorm';
import { type LenderInfo } from '../domain/content-model';
import { PageEntity } from './page.entity';

/** A lender review page (/opinie-o-pozyczkach/<slug>/); title, FAQ and text live on its page. */
@Entity({ name: 'lender_reviews' })
@Unique('UQ_lender_reviews_slug', ['slug'])
@Unique('UQ_lender_reviews_page', ['pageId'])
@Check('CHK_lender_reviews_counts', `"reviews_count" >= 0 AND "ratings_sum" >= 0`)
export class LenderReviewEntity {
  @PrimaryGeneratedColumn({ type: 'integer', primaryKeyConstraintName: 'PK_lender_reviews' })
  id!: number;

  @Column({ name: 'page_id', type: 'integer' })
  pageId!: number;

  @ManyToOne(() => PageEntity, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'page_id', foreignKeyConstraintName: 'FK_lender_reviews_page' })
  page?: PageEntity;

  @Column({ type: 'varchar', length: 100 })
  slug!: string;

  @Column({ type: 'varchar', length: 120 })
  name!: string;

  @Column({ type: 'varchar', length: 300 })
  subtitle!: string;

  /** Facts with the date they were checked: company, amount, period, first loan free. */
  @Column({ type: 'jsonb' })
  info!: LenderInfo;

  @Column({ name: 'logo_url', type: 'varchar', length: 300, default: '' })
  logoUrl!: string;

  /** Published reviews (comments with a rating) and the sum of their ratings; kept by the comments feature. */
  @Column({ name: 'reviews_count', type: 'integer', default: 0 })
  reviewsCount!: number;

  @Column({ name: 'ratings_sum', type: 'integer', default: 0 })
  ratingsSum!: number;
}
