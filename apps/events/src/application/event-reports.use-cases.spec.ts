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
    const reports = new EventReportsUseCases(
      strictMock<TrackingEventsRepository>('trackingEvents', { countByDay }),
    );

    await expect(
      reports.countEvents({ from: '2026-11-20', to: '2026-11-21', eventId: undefined }),
    ).resolves.toEqual({ buckets, total: 5 });
    expect(countByDay).toHaveBeenCalledWith('2026-11-20', '2026-11-21', undefined);
  });

  it('narrows the count to one event id, and answers zero for days without events', async () => {
    const countByDay = jest.fn().mockResolvedValue([]);
    const reports = new EventReportsUseCases(
      strictMock<TrackingEventsRepository>('trackingEvents', { countByDay }),
    );

    await expect(reports.countEvents({ from: '2026-11-01', to: '2026-11-30', eventId: 27 })).resolves.toEqual(
      { buckets: [], total: 0 },
    );
    expect(countByDay).toHaveBeenCalledWith('2026-11-01', '2026-11-30', 27);
  });
});

describe('EventReportsUseCases.getFunnel', () => {
  it('answers the four steps with each one’s share of the first in basis points', async () => {
    const funnel = jest.fn().mockResolvedValue([8, 4, 3, 1]);
    const reports = new EventReportsUseCases(
      strictMock<TrackingEventsRepository>('trackingEvents', { funnel }),
    );

    await expect(
      reports.getFunnel({ from: '2026-11-20', to: '2026-11-21', utmSource: 'google' }),
    ).resolves.toEqual({
      steps: [
        { key: 'home', eventId: 5, pageType: 'home', sessions: 8, conversionBasisPoints: 10_000 },
        {
          key: 'application',
          eventId: 5,
          pageType: 'application',
          sessions: 4,
          conversionBasisPoints: 5_000,
        },
        { key: 'offers', eventId: 5, pageType: 'offers', sessions: 3, conversionBasisPoints: 3_750 },
        { key: 'lender_click', eventId: 50, pageType: '', sessions: 1, conversionBasisPoints: 1_250 },
      ],
    });
    expect(funnel).toHaveBeenCalledWith('2026-11-20', '2026-11-21', 'google');
  });

  it('answers zero conversion when nobody reached the first step', async () => {
    const funnel = jest.fn().mockResolvedValue([0, 0, 0, 0]);
    const reports = new EventReportsUseCases(
      strictMock<TrackingEventsRepository>('trackingEvents', { funnel }),
    );
    const answer = await reports.getFunnel({ from: '2026-11-20', to: '2026-11-21', utmSource: undefined });
    expect(answer.steps.map((s) => s.conversionBasisPoints)).toEqual([0, 0, 0, 0]);
  });
});
