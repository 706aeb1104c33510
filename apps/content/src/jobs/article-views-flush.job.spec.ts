import { type Logger } from '@lib/observability';
import { silentLogger, strictMock } from '@lib/testing';
import { type ArticleViewsUseCases } from '../application/article-views.use-cases';
import { type ContentConfig } from '../content.config';
import { ArticleViewsFlushJob } from './article-views-flush.job';

const config = { CONTENT_VIEWS_FLUSH_MS: 30_000 } as ContentConfig;

describe('ArticleViewsFlushJob', () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('flushes every CONTENT_VIEWS_FLUSH_MS and, at shutdown, stops and hands over to the last flush', async () => {
    const flush = jest.fn().mockResolvedValue(0);
    const shutdown = jest.fn().mockResolvedValue(undefined);
    const job = new ArticleViewsFlushJob(
      strictMock<ArticleViewsUseCases>('views', { flush, shutdown }),
      config,
      silentLogger(),
    );

    job.onModuleInit();
    await jest.advanceTimersByTimeAsync(29_999);
    expect(flush).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    expect(flush).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(60_000);
    expect(flush).toHaveBeenCalledTimes(3);

    await job.onApplicationShutdown();
    expect(shutdown).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(60_000);
    expect(flush).toHaveBeenCalledTimes(3);
  });

  it('logs a failed flush and keeps the schedule', async () => {
    const failure = new Error('PostgreSQL is away');
    const flush = jest.fn().mockRejectedValueOnce(failure).mockResolvedValue(0);
    const warn = jest.fn();
    const job = new ArticleViewsFlushJob(
      strictMock<ArticleViewsUseCases>('views', { flush, shutdown: jest.fn().mockResolvedValue(undefined) }),
      config,
      strictMock<Logger>('logger', { warn }),
    );

    job.onModuleInit();
    await jest.advanceTimersByTimeAsync(30_000);
    expect(warn).toHaveBeenCalledWith(
      { err: failure },
      'article views flush failed; counts kept for the next one',
    );
    await jest.advanceTimersByTimeAsync(30_000);
    expect(flush).toHaveBeenCalledTimes(2);
    await job.onApplicationShutdown();
  });

  it('at shutdown, lets the flush going finish before the last one', async () => {
    let finish: (flushed: number) => void = () => undefined;
    const flush = jest.fn().mockReturnValueOnce(new Promise<number>((resolve) => (finish = resolve)));
    const shutdown = jest.fn().mockResolvedValue(undefined);
    const job = new ArticleViewsFlushJob(
      strictMock<ArticleViewsUseCases>('views', { flush, shutdown }),
      config,
      silentLogger(),
    );

    job.onModuleInit();
    await jest.advanceTimersByTimeAsync(30_000);
    const stopping = job.onApplicationShutdown();
    await jest.advanceTimersByTimeAsync(0);
    expect(shutdown).not.toHaveBeenCalled();
    finish(5);
    await stopping;
    expect(shutdown).toHaveBeenCalledTimes(1);
  });
});
