import { Column, Entity, PrimaryColumn } from 'typeorm';
import { type NavigationDocument } from '../domain/content-model';

/** navigation.yaml as one document: header menu groups, footer columns, data-removal link, partners. */
@Entity({ name: 'navigation' })
export class NavigationEntity {
  /** One row per navigation document; the site has one, 'main'. */
  @PrimaryColumn({ type: 'varchar', length: 32, primaryKeyConstraintName: 'PK_navigation' })
  key!: string;

  @Column({ type: 'jsonb' })
  document!: NavigationDocument;

  @Column({ name: 'content_hash', type: 'varchar', length: 64 })
  contentHash!: string;

  @Column({ name: 'render_version', type: 'integer', default: 0 })
  renderVersion!: number;

  @Column({ name: 'source_file', type: 'varchar', length: 300 })
  sourceFile!: string;

  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt!: Date;
}
