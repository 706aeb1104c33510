import { checkMigrations } from '@lib/testing';
import { EVENTS_MIGRATIONS } from '../src/persistence/migrations';
import { TrackingEventEntity } from '../src/persistence/tracking-event.entity';

describe('events migrations (real PostgreSQL)', () => {
  it('apply one by one over existing data, revert completely and apply again without drift', async () => {
    let stored: TrackingEventEntity[] = [];
    const report = await checkMigrations(
      { schema: 'events', entities: [TrackingEventEntity], migrations: EVENTS_MIGRATIONS },
      {
        seedAfter: {
          CreateTrackingEvents1763683400000: async (db) => {
            await db.getRepository(TrackingEventEntity).insert({
              eventId: 5,
              sub4: 'pageView',
              utmSource: 'google',
              sessionId: '0b7e8c1a-2f4d-4e6b-9a1c-3d5e7f9a1b2c',
              clientId: '5f0c3b2a-8d7e-4f1a-b2c3-d4e5f6a7b8c9',
              ingestId: '9c1d2e3f-4a5b-4c6d-8e7f-a0b1c2d3e4f5',
              receivedAt: new Date('2026-11-20T10:00:00.000Z'),
            });
          },
        },
        verify: async (db) => {
          stored = await db.getRepository(TrackingEventEntity).find();
        },
      },
    );

    expect(report.applied).toEqual(['CreateTrackingEvents1763683400000']);
    expect(stored).toEqual([
      expect.objectContaining({ eventId: 5, sub4: 'pageView', sub1: null, ingestId: '9c1d2e3f-4a5b-4c6d-8e7f-a0b1c2d3e4f5', receivedAt: new Date('2026-11-20T10:00:00.000Z') }),
    ]);
    expect(report.reverted).toEqual(['CreateTrackingEvents1763683400000']);
    expect(report.leftAfterDown).toEqual([]);
    expect(report.pendingAfterReapply).toEqual([]);
  });
});
