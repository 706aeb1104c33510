import { z } from 'zod';

const port = (fallback: number) =>
  z.coerce
    .number({ error: 'must be a port number' })
    .int('must be a whole port number')
    .min(0, 'must be between 0 and 65535')
    .max(65535, 'must be between 0 and 65535')
    .default(fallback);

const url = (protocols: readonly string[]) =>
  z.string().refine(
    (value) => {
      try {
        return protocols.includes(new URL(value).protocol.replace(/:$/, ''));
      } catch {
        return false;
      }
    },
    `must be a URL starting with ${protocols.map((p) => `${p}://`).join(' or ')}`,
  );

/** host:port, as gRPC targets are written (`content:50051`, `127.0.0.1:50051`). */
const hostPort = (fallback: string) =>
  z
    .string()
    .regex(/^[A-Za-z0-9.-]+:\d{1,5}$/, 'must be host:port, e.g. 127.0.0.1:50051')
    .default(fallback);

const positiveMs = (fallback: number) =>
  z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int()
    .positive('must be positive')
    .default(fallback);

/** A retention or validity period in whole days (1 to ten years). */
const days = (fallback: number) =>
  z.coerce.number({ error: 'must be a number of days' }).int().min(1).max(3650).default(fallback);

const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
    .default(fallback ? 'true' : 'false')
    .transform((v) => v === 'true' || v === '1');

/** true/false when set; undefined when not, for a flag whose default follows another variable. */
const optionalBool = () =>
  z
    .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true' || v === '1'));

const logLevel = z
  .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
    error: 'must be one of fatal, error, warn, info, debug, trace, silent',
  })
  .default('info');

/** Building blocks for every process's environment schema, with messages written for operators. */
export const env = { port, url, hostPort, positiveMs, days, bool, optionalBool, logLevel };
