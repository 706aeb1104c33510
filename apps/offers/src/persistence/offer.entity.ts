import { Column, Entity, Index, PrimaryGeneratedColumn, Unique } from 'typeorm';

/** An offer as shown in the comparison lists, normalised from a country feed (spec point 3). */
@Entity({ name: 'offers' })
@Unique('UQ_offers_country_offer', ['country', 'offerId'])
@Index('ix_offers_country_position', ['country', 'position'])
export class OfferEntity {
  @PrimaryGeneratedColumn({ type: 'integer', primaryKeyConstraintName: 'PK_offers' })
  id!: number;

  /** ISO country of the feed, lower-case as feeds are keyed (pl, es, mx…). */
  @Column({ type: 'varchar', length: 8 })
  country!: string;

  /** The feed's offer_id. */
  @Column({ name: 'offer_id', type: 'integer' })
  offerId!: number;

  @Column({ type: 'varchar', length: 120 })
  header!: string;

  @Column({ name: 'lender_slug', type: 'varchar', length: 64 })
  lenderSlug!: string;

  @Column({ name: 'lender_link', type: 'varchar', length: 2048, nullable: true })
  lenderLink!: string | null;

  @Column({ name: 'is_active', type: 'boolean', default: true })
  isActive!: boolean;

  @Column({ type: 'numeric', precision: 2, scale: 1 })
  stars!: string;

  /** Feed's display fields: field2 is the amount line, field4 the period line. */
  @Column({ name: 'field2_value', type: 'varchar', length: 120 })
  field2Value!: string;

  @Column({ name: 'field4_value', type: 'varchar', length: 120 })
  field4Value!: string;

  @Column({ type: 'text', array: true, default: () => "'{}'" })
  tags!: string[];

  @Column({ name: 'asnef_value', type: 'boolean', default: true })
  asnefValue!: boolean;

  @Column({ name: 'product_type', type: 'varchar', length: 32 })
  productType!: string;

  @Column({ name: 'amount_min_grosze', type: 'integer' })
  amountMinGrosze!: number;

  @Column({ name: 'amount_max_grosze', type: 'integer' })
  amountMaxGrosze!: number;

  @Column({ name: 'period_min_days', type: 'integer' })
  periodMinDays!: number;

  @Column({ name: 'period_max_days', type: 'integer' })
  periodMaxDays!: number;

  @Column({ name: 'first_loan_free', type: 'boolean', default: false })
  firstLoanFree!: boolean;

  /** Editorial order within the country list (ascending). */
  @Column({ type: 'integer', default: 0 })
  position!: number;
}
