import { type Logger } from '@lib/observability';
import { notFound, unavailable } from '@lib/service-kit';
import { silentLogger, strictMock } from '@lib/testing';
import { sameServiceError } from '../../test/support/service-errors';
import { type ArticlesRepository } from '../persistence/articles.repository';
import { type FlushWriter, type ViewCounter } from '../persistence/view-counter';
import { ArticleViewsUseCases } from './article-views.use-cases';

describe('ArticleViewsUseCases.recordArticleView', () => {
  it('counts the visit and answers the stored views plus those not yet flushed', async () => {
    const record = jest.fn().mockResolvedValue({ counted: true, pending: 3 });
    const useCases = new ArticleViewsUseCases(
      strictMock<ArticlesRepository>('articles', { storedViews: jest.fn().mockResolvedValue(40) }),
      strictMock<ViewCounter>('counter', { record }),
      silentLogger(),
    );

    await expect(useCases.recordArticleView('placa-minimalna', 'session-1')).resolves.toEqual({
      views: 43,
      counted: true,
    });
    expect(record).toHaveBeenCalledWith('placa-minimalna', 'session-1');
  });

  it('answers NOT_FOUND for an article that is not published, counting nothing', async () => {
    const useCases = new ArticleViewsUseCases(
      strictMock<ArticlesRepository>('articles', { storedViews: jest.fn().mockResolvedValue(undefined) }),
      strictMock<ViewCounter>('counter'),
      silentLogger(),
    );

    await expect(useCases.recordArticleView('nie-ma', undefined)).rejects.toEqual(
      sameServiceError(notFound('article', 'nie-ma')),
    );
  });

  it('answers UNAVAILABLE when the counter cannot count', async () => {
    const useCases = new ArticleViewsUseCases(
      strictMock<ArticlesRepository>('articles', { storedViews: jest.fn().mockResolvedValue(40) }),
      strictMock<ViewCounter>('counter', { record: jest.fn().mockRejectedValue(new Error('Redis is away')) }),
      silentLogger(),
    );

    await expect(useCases.recordArticleView('placa-minimalna', undefined)).rejects.toEqual(
      sameServiceError(unavailable('view counter unavailable: Redis is away')),
    );
  });
});

describe('ArticleViewsUseCases.flush', () => {
  /** A counter whose flush hands `counts` to the writer when the test says so. */
  function pausedCounter(counts: Map<string, number>) {
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const flush = jest.fn(async (write: FlushWriter) => {
      await released;
      await write(counts);
      return [...counts.values()].reduce((a, b) => a + b, 0);
    });
    return { counter: strictMock<ViewCounter>('counter', { flush }), flush, release };
  }

  it('hands the pending counts to PostgreSQL', async () => {
    const counts = new Map([['placa-minimalna', 2]]);
    const addViews = jest.fn().mockResolvedValue(undefined);
    const { counter, release } = pausedCounter(counts);
    const useCases = new ArticleViewsUseCases(
      strictMock<ArticlesRepository>('articles', { isConnected: () => true, addViews }),
      counter,
      silentLogger(),
    );

    release();
    await expect(useCases.flush()).resolves.toBe(2);
    expect(addViews).toHaveBeenCalledWith(counts);
  });

  it('runs one flush at a time: a caller during a flush shares it, the next one starts anew', async () => {
    const { counter, flush, release } = pausedCounter(new Map([['a', 1]]));
    const useCases = new ArticleViewsUseCases(
      strictMock<ArticlesRepository>('articles', {
        isConnected: () => true,
        addViews: jest.fn().mockResolvedValue(undefined),
      }),
      counter,
      silentLogger(),
    );

    const first = useCases.flush();
    const second = useCases.flush();
    release();
    await expect(Promise.all([first, second])).resolves.toEqual([1, 1]);
    expect(flush).toHaveBeenCalledTimes(1);
    await useCases.flush();
    expect(flush).toHaveBeenCalledTimes(2);
  });

  it('flushes nothing while the database is not there yet', async () => {
    const useCases = new ArticleViewsUseCases(
      strictMock<ArticlesRepository>('articles', { isConnected: () => false }),
      strictMock<ViewCounter>('counter'),
      silentLogger(),
    );
    await expect(useCases.flush()).resolves.toBe(0);
  });
});

describe('ArticleViewsUseCases.shutdown', () => {
  it('flushes once more, then closes the counter', async () => {
    const calls: string[] = [];
    const counter = strictMock<ViewCounter>('counter', {
      kind: 'memory',
      flush: jest.fn(() => Promise.resolve(void calls.push('flush')).then(() => 0)),
      close: jest.fn(() => Promise.resolve(void calls.push('close'))),
    });
    const useCases = new ArticleViewsUseCases(
      strictMock<ArticlesRepository>('articles', { isConnected: () => true }),
      counter,
      silentLogger(),
    );

    await useCases.shutdown();
    expect(calls).toEqual(['flush', 'close']);
  });

  it('logs a failed last flush and still closes the counter', async () => {
    const close = jest.fn().mockResolvedValue(undefined);
    const error = jest.fn();
    const useCases = new ArticleViewsUseCases(
      strictMock<ArticlesRepository>('articles', { isConnected: () => true }),
      strictMock<ViewCounter>('counter', {
        kind: 'redis',
        flush: jest.fn().mockRejectedValue(new Error('PostgreSQL is away')),
        close,
      }),
      strictMock<Logger>('logger', { error }),
    );

    await expect(useCases.shutdown()).resolves.toBeUndefined();
    expect(error).toHaveBeenCalledWith(
      expect.objectContaining({ counter: 'redis' }),
      'article views could not be flushed at shutdown',
    );
    expect(close).toHaveBeenCalled();
  });
});
