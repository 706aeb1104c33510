import { type Logger } from '@lib/observability';
import { strictMock } from '@lib/testing';
import { type BanksUseCases } from '../application/banks.use-cases';
import { type DataLagUseCases } from '../application/data-lag.use-cases';
import { type NbpImportUseCases } from '../application/nbp-import.use-cases';
import { dataLag } from '../domain/data-lag';
import { OutboundRequests, OutboundStoppedError } from '../persistence/outbound-requests';
import { IngestionScheduler } from './ingestion.scheduler';

describe('IngestionScheduler', () => {
  beforeEach(() => {
    jest.useFakeTimers({ now: new Date('2025-04-08T05:00:00Z'), doNotFake: ['nextTick', 'queueMicrotask'] }); // Tuesday 7:00 in Warsaw
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  function scheduler(stale: string[]) {
    const ingest = jest.fn().mockResolvedValue(1);
    const banksIngest = jest.fn().mockResolvedValue({ added: [], unchanged: [], failed: [] });
    const report = jest.fn(() =>
      Promise.resolve(
        (['A', 'B', 'C', 'banks'] as const).map((kind) => ({
          ...dataLag(kind, '2025-04-07', new Date()),
          stale: stale.includes(kind),
        })),
      ),
    );
    const log = strictMock<Logger>('logger', { info: jest.fn(), debug: jest.fn(), error: jest.fn() });
    const outbound = new OutboundRequests();
    const subject = new IngestionScheduler(
      strictMock<NbpImportUseCases>('nbp', { ingest }),
      strictMock<BanksUseCases>('banks', { ingest: banksIngest }),
      strictMock<DataLagUseCases>('dataLag', { report }),
      log,
      outbound,
    );
    return { subject, ingest, banksIngest, log, outbound };
  }

  it('fetches at start only what is behind the calendar', async () => {
    const { subject, ingest, banksIngest } = scheduler(['A']);
    await subject.start(() => new Date());
    await subject.idle();
    expect(ingest.mock.calls.map(([kind]) => kind as string)).toEqual(['A']);
    expect(banksIngest).not.toHaveBeenCalled();
    await subject.onModuleDestroy();
  });

  it('runs table C at 8:20 Warsaw time, the banks at 8:30 and table A at 12:20, then schedules the next', async () => {
    const { subject, ingest, banksIngest } = scheduler([]);
    await subject.start(() => new Date());

    await jest.advanceTimersByTimeAsync(80 * 60_000); // 8:20
    expect(ingest.mock.calls.map(([kind]) => kind as string)).toEqual(['C']);
    await jest.advanceTimersByTimeAsync(10 * 60_000); // 8:30
    expect(banksIngest).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(60 * 60_000); // 9:30, table C's second try
    expect(ingest.mock.calls.map(([kind]) => kind as string)).toEqual(['C', 'C']);
    await jest.advanceTimersByTimeAsync(170 * 60_000); // 12:20
    expect(ingest.mock.calls.map(([kind]) => kind as string)).toEqual(['C', 'C', 'A']);
    await subject.onModuleDestroy();
  });

  it('logs a failed run and keeps the schedule', async () => {
    const { subject, ingest, log } = scheduler([]);
    ingest.mockRejectedValueOnce(new Error('NBP unreachable'));
    await subject.start(() => new Date());
    await jest.advanceTimersByTimeAsync(80 * 60_000);
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({ kind: 'C' }),
      'scheduled fetch failed; stored tables keep being served',
    );
    await jest.advanceTimersByTimeAsync(70 * 60_000);
    expect(ingest).toHaveBeenCalledTimes(2);
    await subject.onModuleDestroy();
  });

  it('stops the outbound requests when the service stops, so a run in progress ends at once', async () => {
    const { subject, ingest, log, outbound } = scheduler(['A']);
    // A fetch that would retry for minutes: it ends only when the outbound requests are stopped.
    ingest.mockImplementationOnce(
      () =>
        new Promise((_resolve, reject) =>
          outbound.signal.addEventListener('abort', () => reject(new OutboundStoppedError())),
        ),
    );
    await subject.start(() => new Date());
    expect(outbound.signal.aborted).toBe(false);
    await subject.onModuleDestroy();
    expect(outbound.signal.aborted).toBe(true);
    expect(log.info).toHaveBeenCalledWith({ kind: 'A' }, 'fetch cut short: the service is stopping');
    expect(log.error).not.toHaveBeenCalled();
  });
});
