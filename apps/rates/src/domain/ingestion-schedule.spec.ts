import { dataLag } from './data-lag';
import { expectedLatestDate, isPublicationDay, nextRun } from './ingestion-schedule';

describe('ingestion schedule (Europe/Warsaw)', () => {
  it('runs table C after its morning publication on working days, skipping weekends and holidays', () => {
    // Thursday 1 May 2025 is a public holiday, 3 May (Saturday) too.
    expect(nextRun('C', new Date('2025-04-30T07:00:00Z')).toISOString()).toBe('2025-04-30T07:30:00.000Z'); // 9:30 CEST
    expect(nextRun('C', new Date('2025-04-30T08:00:00Z')).toISOString()).toBe('2025-05-02T06:20:00.000Z'); // Friday 8:20
  });

  it('runs table A around midday and table B only on Wednesdays', () => {
    expect(nextRun('A', new Date('2025-01-10T09:00:00Z')).toISOString()).toBe('2025-01-10T11:20:00.000Z'); // 12:20 CET
    expect(nextRun('B', new Date('2025-01-10T09:00:00Z')).toISOString()).toBe('2025-01-15T11:25:00.000Z'); // next Wednesday
    expect(isPublicationDay('B', '2025-01-15')).toBe(true);
    expect(isPublicationDay('A', '2025-12-25')).toBe(false);
    expect(isPublicationDay('A', '2025-01-06')).toBe(false); // Epiphany
  });

  it('expects the newest table of the last publication day whose run has passed', () => {
    expect(expectedLatestDate('A', new Date('2025-04-08T09:00:00Z'))).toBe('2025-04-07'); // 11:00 in Warsaw
    expect(expectedLatestDate('A', new Date('2025-04-08T10:30:00Z'))).toBe('2025-04-08');
    expect(expectedLatestDate('A', new Date('2025-04-06T10:00:00Z'))).toBe('2025-04-04'); // Sunday
  });

  it('calls data stale when it is behind the calendar', () => {
    const now = new Date('2025-04-08T12:00:00Z');
    expect(dataLag('A', '2025-04-08', now)).toMatchObject({
      daysBehind: 0,
      stale: false,
      expectedDate: '2025-04-08',
    });
    expect(dataLag('A', '2025-04-04', now)).toMatchObject({ daysBehind: 4, stale: true });
    expect(dataLag('C', undefined, now, { lastError: 'NBP unreachable' })).toMatchObject({
      stale: true,
      lastError: 'NBP unreachable',
    });
  });
});
