import { Check, Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { type CommentAuthorType, type CommentState } from '../domain/comment-rules';

/** A comment under an article or a lender review; the e-mail is kept for moderation, never shown. */
@Entity({ name: 'comments' })
@Index('ix_comments_page_state', ['pagePath', 'state', 'createdAt'])
@Index('ix_comments_state_created', ['state', 'createdAt'])
// Partial indexes of ListComments (migration IndexPublishedComments1795610000000).
@Index('ix_comments_published_top', ['pagePath', 'createdAt', 'id'], {
  where: `"state" = 'published' AND "reply_to" IS NULL`,
})
@Index('ix_comments_published_replies', ['replyTo', 'createdAt', 'id'], {
  where: `"state" = 'published' AND "reply_to" IS NOT NULL`,
})
@Index('ix_comments_published_counts', ['pagePath', 'replyTo', 'rating'], { where: `"state" = 'published'` })
@Check('CHK_comments_state', `"state" IN ('pending', 'published', 'rejected')`)
@Check('CHK_comments_author_type', `"author_type" IN ('visitor', 'company', 'expert')`)
@Check('CHK_comments_rating', `"rating" IS NULL OR "rating" BETWEEN 1 AND 5`)
export class CommentEntity {
  @PrimaryGeneratedColumn({ type: 'bigint', primaryKeyConstraintName: 'PK_comments' })
  id!: string;

  @Column({ name: 'page_path', type: 'varchar', length: 512 })
  pagePath!: string;

  /** Parent comment for replies (one level deep). */
  @Column({ name: 'reply_to', type: 'bigint', nullable: true })
  replyTo!: string | null;

  @Column({ type: 'varchar', length: 100 })
  name!: string;

  @Column({ type: 'varchar', length: 254 })
  email!: string;

  @Column({ name: 'author_type', type: 'varchar', length: 16 })
  authorType!: CommentAuthorType;

  @Column({ type: 'text' })
  text!: string;

  @Column({ type: 'smallint', nullable: true })
  rating!: number | null;

  @Column({ type: 'varchar', length: 16 })
  state!: CommentState;

  @Column({ name: 'session_id', type: 'varchar', length: 36, nullable: true })
  sessionId!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'moderated_at', type: 'timestamptz', nullable: true })
  moderatedAt!: Date | null;

  @Column({ name: 'moderated_by', type: 'varchar', length: 100, nullable: true })
  moderatedBy!: string | null;

  @Column({ name: 'rejection_reason', type: 'varchar', length: 500, nullable: true })
  rejectionReason!: string | null;
}
