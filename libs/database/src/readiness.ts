import { type DataSource } from 'typeorm';
import { type ReadinessCheck } from '@lib/observability';

/**
 * SELECT 1 through the service's pool. The timeout covers waiting for a free connection as well,
 * so an exhausted pool reports not-ready instead of hanging the probe.
 */
export function databaseReadinessCheck(ds: DataSource, timeoutMs = 1_000): ReadinessCheck {
  return {
    name: 'postgres',
    timeoutMs,
    check: async () => {
      if (!ds.isInitialized) throw new Error('database connection is not initialised');
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`SELECT 1 took longer than ${timeoutMs} ms`)), timeoutMs);
      });
      try {
        await Promise.race([ds.query('SELECT 1'), deadline]);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
