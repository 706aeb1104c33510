import { Column, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, Unique } from 'typeorm';
import { PageEntity } from './page.entity';

/** An author; the bio and SEO fields live on the author's page (/autor/<slug>/). */
@Entity({ name: 'authors' })
@Unique('UQ_authors_slug', ['slug'])
@Unique('UQ_authors_page', ['pageId'])
export class AuthorEntity {
  @PrimaryGeneratedColumn({ type: 'integer', primaryKeyConstraintName: 'PK_authors' })
  id!: number;

  @Column({ name: 'page_id', type: 'integer' })
  pageId!: number;

  @ManyToOne(() => PageEntity, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'page_id', foreignKeyConstraintName: 'FK_authors_page' })
  page?: PageEntity;

  @Column({ type: 'varchar', length: 100 })
  slug!: string;

  @Column({ type: 'varchar', length: 120 })
  name!: string;

  @Column({ type: 'varchar', length: 120 })
  role!: string;

  @Column({ name: 'image_url', type: 'varchar', length: 300, default: '' })
  imageUrl!: string;
}
