import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A data key of the envelope encryption, stored only wrapped by a master key (named by its id). */
@Entity({ name: 'data_keys' })
export class DataKeyEntity {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_data_keys' })
  id!: string;

  /** Id of the master key (LEADS_MASTER_KEY) that wraps it; the rotation command changes it. */
  @Column({ name: 'master_key_id', type: 'varchar', length: 32 })
  masterKeyId!: string;

  @Column({ type: 'bytea' })
  wrapped!: Buffer;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'rewrapped_at', type: 'timestamptz', nullable: true })
  rewrappedAt!: Date | null;
}
