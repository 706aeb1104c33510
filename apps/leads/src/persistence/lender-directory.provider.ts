import { type Provider } from '@nestjs/common';
import { type LenderDirectory, readLenderDirectory } from '@lib/partner-delivery';
import { SERVICE_CONFIG } from '@lib/service-kit';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type LeadsConfig } from '../leads.config';

/** The lenders that take applications (the reviewed delivery file, secrets from the environment). */
export const LENDER_DIRECTORY = Symbol('LENDER_DIRECTORY');

/**
 * Reads LENDER_DELIVERY_FILE once at start, the lenders' secrets from the process environment (in
 * Kubernetes, a Secret's keys). A file that does not hold (a secret missing, an
 * endpoint variable unset), or a sandbox file in production, stops the start with every problem
 * named: delivering to half the lenders silently would be worse than not starting.
 */
export function loadLenderDirectory(
  config: Pick<LeadsConfig, 'LENDER_DELIVERY_FILE' | 'NODE_ENV'>,
  env: Readonly<Record<string, string | undefined>> = process.env,
): LenderDirectory {
  // Production requires the file (config validation); elsewhere its absence means matching only.
  if (!config.LENDER_DELIVERY_FILE) return { environment: 'sandbox', lenders: [] };
  const file = path.resolve(config.LENDER_DELIVERY_FILE);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new Error(`LENDER_DELIVERY_FILE ${file} cannot be read: ${(error as Error).message}`);
  }
  const read = readLenderDirectory(text, env);
  if ('problems' in read)
    throw new Error(`LENDER_DELIVERY_FILE ${file} does not hold:\n  ${read.problems.join('\n  ')}`);
  if (config.NODE_ENV === 'production' && read.ok.environment !== 'production')
    throw new Error(
      `LENDER_DELIVERY_FILE ${file} is a sandbox file; production delivers only to lenders of a production file`,
    );
  return read.ok;
}

export const lenderDirectoryProvider: Provider = {
  provide: LENDER_DIRECTORY,
  inject: [SERVICE_CONFIG],
  useFactory: (config: LeadsConfig) => loadLenderDirectory(config),
};
