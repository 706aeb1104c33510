import { Injectable } from '@nestjs/common';
import { DataSource, In } from 'typeorm';
import { LeadRequestEntity } from './lead-request.entity';

export type LeadRequest = Omit<LeadRequestEntity, 'createdAt'>;

@Injectable()
export class LeadRequestsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Stores an application's request once: the application id is the key, the first request wins
   * (a retried or repeated MatchOffers for the same application changes nothing). `beforeCommit`
   * runs inside the transaction just before it commits (the caller's deadline check).
   */
  async storeOnce(request: LeadRequest, beforeCommit: () => void): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await manager
        .createQueryBuilder()
        .insert()
        .into(LeadRequestEntity)
        .values(request)
        .orIgnore()
        .execute();
      beforeCommit();
    });
  }

  /** Erasure: deletes the requests of these applications; how many there were (0 on a repeat). */
  async forget(applicationIds: readonly string[]): Promise<number> {
    if (applicationIds.length === 0) return 0;
    const result = await this.dataSource
      .getRepository(LeadRequestEntity)
      .delete({ applicationId: In([...applicationIds]) });
    return result.affected ?? 0;
  }

  /** Retention: deletes the requests stored before `before`; how many there were. */
  async deleteStoredBefore(before: Date): Promise<number> {
    const result = await this.dataSource
      .getRepository(LeadRequestEntity)
      .createQueryBuilder()
      .delete()
      .where('created_at < :before', { before })
      .execute();
    return result.affected ?? 0;
  }

  async find(applicationId: string): Promise<LeadRequestEntity | undefined> {
    return (
      (await this.dataSource.getRepository(LeadRequestEntity).findOne({ where: { applicationId } })) ??
      undefined
    );
  }
}
