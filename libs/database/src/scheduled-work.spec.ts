import pino from 'pino';
import { ScheduledWork, type ScheduledWorkOptions } from './scheduled-work';

// The lock (a real PostgreSQL session holding it) is test/scheduled-work.int.spec.ts's part; here
// there is no DataSource, so every run goes ahead.

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

function scheduled<T>(work: () => Promise<T>, options: Partial<ScheduledWorkOptions<T>> = {}) {
  const logger = pino({ level: 'silent' });
  const warn = jest.spyOn(logger, 'warn');
  const schedule = new ScheduledWork({
    name: 'test work',
    lockName: 'test:work',
    everyMs: 1_000,
    logger,
    work,
    ...options,
  });
  return { schedule, warn };
}

describe('ScheduledWork', () => {
  afterEach(() => jest.useRealTimers());

  it('runs every everyMs once started, on a timer that alone never keeps the process alive', async () => {
    jest.useFakeTimers();
    const setInterval = jest.spyOn(global, 'setInterval');
    const work = jest.fn().mockResolvedValue('done');
    const { schedule } = scheduled(work);
    await jest.advanceTimersByTimeAsync(5_000);
    expect(work).not.toHaveBeenCalled();

    schedule.start();
    schedule.start();
    await jest.advanceTimersByTimeAsync(999);
    expect(work).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    expect(work).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(2_000);
    expect(work).toHaveBeenCalledTimes(3);
    expect(setInterval).toHaveBeenCalledTimes(1);
    expect((setInterval.mock.results[0]!.value as NodeJS.Timeout).hasRef()).toBe(false);
    await schedule.stop();
  });

  it('joins a run already going instead of starting a second, and runs anew once it is over', async () => {
    const gate = deferred<string>();
    const work = jest.fn().mockReturnValueOnce(gate.promise).mockResolvedValue('second');
    const { schedule } = scheduled(work);
    const first = schedule.runOnce();
    const joined = schedule.runOnce();
    expect(joined).toBe(first);
    gate.resolve('first');
    await expect(first).resolves.toBe('first');
    await expect(joined).resolves.toBe('first');
    expect(work).toHaveBeenCalledTimes(1);
    await expect(schedule.runOnce()).resolves.toBe('second');
    expect(work).toHaveBeenCalledTimes(2);
  });

  it('runs the work given to runOnce for that run only, and the scheduled one otherwise', async () => {
    const { schedule } = scheduled(() => Promise.resolve('scheduled'));
    await expect(schedule.runOnce(() => Promise.resolve('given'))).resolves.toBe('given');
    await expect(schedule.runOnce()).resolves.toBe('scheduled');
  });

  it('logs a failed run at warn with the error as err, answers undefined, and the next tick runs again', async () => {
    jest.useFakeTimers();
    const failure = new Error('database away');
    const work = jest.fn().mockRejectedValueOnce(failure).mockResolvedValue(7);
    const { schedule, warn } = scheduled(work);
    await expect(schedule.runOnce()).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledWith({ err: failure }, 'test work failed; the next run tries again');

    schedule.start();
    await jest.advanceTimersByTimeAsync(1_000);
    expect(work).toHaveBeenCalledTimes(2);
    await expect(schedule.runOnce()).resolves.toBe(7);
    expect(warn).toHaveBeenCalledTimes(1);
    await schedule.stop();
  });

  it('logs a failure in the wording it is given', async () => {
    const failure = new Error('Redis away');
    const { schedule, warn } = scheduled(() => Promise.reject(failure), {
      failedMessage: 'test work failed; kept for later',
    });
    await schedule.runOnce();
    expect(warn).toHaveBeenCalledWith({ err: failure }, 'test work failed; kept for later');
  });

  it('stops the timer at stop and waits for the run going', async () => {
    jest.useFakeTimers();
    const gate = deferred<number>();
    const work = jest.fn().mockReturnValueOnce(gate.promise).mockResolvedValue(0);
    const { schedule } = scheduled(work);
    schedule.start();
    await jest.advanceTimersByTimeAsync(1_000);
    expect(work).toHaveBeenCalledTimes(1);

    let stopped = false;
    const stopping = schedule.stop().then(() => (stopped = true));
    await jest.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    gate.resolve(1);
    await stopping;
    expect(stopped).toBe(true);

    await jest.advanceTimersByTimeAsync(5_000);
    schedule.start();
    await jest.advanceTimersByTimeAsync(5_000);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('follows a run asked for during a run with one more run, however many times it was asked', async () => {
    const gates = [deferred<number>(), deferred<number>()];
    const work = jest
      .fn()
      .mockReturnValueOnce(gates[0]!.promise)
      .mockReturnValueOnce(gates[1]!.promise)
      .mockResolvedValue(3);
    const { schedule } = scheduled(work);
    schedule.requestRun();
    expect(work).toHaveBeenCalledTimes(1);
    schedule.requestRun();
    schedule.requestRun();
    expect(work).toHaveBeenCalledTimes(1);

    gates[0]!.resolve(1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(work).toHaveBeenCalledTimes(2);
    gates[1]!.resolve(2);
    await new Promise((resolve) => setImmediate(resolve));
    expect(work).toHaveBeenCalledTimes(2);

    await schedule.stop();
    schedule.requestRun();
    expect(work).toHaveBeenCalledTimes(2);
  });

  it('runs no more requested run once stopped, even one asked for before', async () => {
    const gate = deferred<number>();
    const work = jest.fn().mockReturnValueOnce(gate.promise).mockResolvedValue(2);
    const { schedule } = scheduled(work);
    schedule.requestRun();
    schedule.requestRun();
    const stopping = schedule.stop();
    gate.resolve(1);
    await stopping;
    await new Promise((resolve) => setImmediate(resolve));
    expect(work).toHaveBeenCalledTimes(1);
  });
});
