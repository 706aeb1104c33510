import { strictMock } from '@lib/testing';
import { type TrackingEventsRepository } from '../persistence/tracking-events.repository';
import { EventReportsUseCases } from './event-reports.use-cases';

describe('EventReportsUseCases.countEvents', () => {
  it('answers the per-day buckets and their sum', async () => {
    const buckets = [
      { day: '2026-11-20', eventId: 5, count: 3 },
      { day: '2026-11-21', eventId: 27, count: 2 },
    ];
    const countByDay = jest.fn().mockResolvedValue(buckets);
    const reports = new EventReportsUseCases(strictMock<TrackingEventsRepository>('trackingEvents', { countByDay }));

    await expect(reports.countEvents({ from: '2026-11-20', to: '2026-11-21', eventId: undefined })).resolves.toEqual({ buckets, total: 5 });
    expect(countByDay).toHaveBeenCalledWith('2026-11-20', '2026-11-21', undefined);
  });

  it('narrows the count to one event id, and answers zero for days without events', async () => {
    const countByDay = jest.fn().mockResolvedValue([]);
    const reports = new EventReportsUseCases(strictMock<TrackingEventsRepository>('trackingEvents', { countByDay }));

    await expect(reports.countEvents({ from: '2026-11-01', to: '2026-11-30', eventId: 27 })).resolves.toEqual({ buckets: [], total: 0 });
    expect(countByDay).toHaveBeenCalledWith('2026-11-01', '2026-11-30', 27);
  });
});
