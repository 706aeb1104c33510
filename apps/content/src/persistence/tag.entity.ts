import { Column, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, Unique } from 'typeorm';
import { PageEntity } from './page.entity';

/** A blog tag (tags.yaml); its listing page is /blog/<slug>/. */
@Entity({ name: 'tags' })
@Unique('UQ_tags_slug', ['slug'])
@Unique('UQ_tags_page', ['pageId'])
export class TagEntity {
  @PrimaryGeneratedColumn({ type: 'integer', primaryKeyConstraintName: 'PK_tags' })
  id!: number;

  @Column({ name: 'page_id', type: 'integer' })
  pageId!: number;

  @ManyToOne(() => PageEntity, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'page_id', foreignKeyConstraintName: 'FK_tags_page' })
  page?: PageEntity;

  @Column({ type: 'varchar', length: 100 })
  slug!: string;

  @Column({ type: 'varchar', length: 80 })
  name!: string;

  @Column({ type: 'text' })
  description!: string;

  /** Place in tags.yaml. */
  @Column({ type: 'integer' })
  position!: number;
}
