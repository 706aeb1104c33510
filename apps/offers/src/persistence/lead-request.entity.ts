import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A MatchOffers request made for a loan application; GetLeadFeed matches it again. */
@Entity({ name: 'lead_requests' })
export class LeadRequestEntity {
  /** The leads service's application id (the lead feed's lead_id). */
  @PrimaryColumn({ name: 'application_id', type: 'uuid', primaryKeyConstraintName: 'PK_lead_requests' })
  applicationId!: string;

  @Column({
    name: 'amount_grosze',
    type: 'bigint',
    transformer: { to: (v: number) => v, from: (v: string) => Number(v) },
  })
  amountGrosze!: number;

  @Column({ name: 'period_days', type: 'integer' })
  periodDays!: number;

  /** common.v1.LoanPurpose number. */
  @Column({ type: 'smallint' })
  purpose!: number;

  /** 0 when not given. */
  @Column({ type: 'smallint', default: 0 })
  age!: number;

  @Column({ name: 'feed_key', type: 'varchar', length: 8 })
  feedKey!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
