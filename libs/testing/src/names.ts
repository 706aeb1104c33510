import { randomBytes } from 'node:crypto';

/** A lower-case random identifier, valid as a database name or key prefix. */
export function randomName(prefix: string): string {
  return `${prefix}_${randomBytes(6).toString('hex')}`;
}
