// `npm run leads:rotate-keys`: re-wraps every data key of the leads service under the active master
// key (LEADS_MASTER_KEY; the old ones listed in LEADS_PREVIOUS_MASTER_KEYS) and seals contact
// messages stored in clear before encryption. Idempotent and resumable: run it again after any stop.
// Exit codes: 0 done, 2 anything else (configuration, a master key missing, the database).
import 'reflect-metadata';
import { ConfigError, loadConfig } from '@lib/config';
import { initializeDatabase, openDatabase, type ResolvedDatabase } from '@lib/database';
import { createLogger } from '@lib/observability';
import { type DataSource } from 'typeorm';
import { leadsConfigSchema } from '../leads.config';
import { rotateKeys } from '../persistence/key-rotation';
import { LEADS_ENTITIES, LEADS_MIGRATIONS, LEADS_SCHEMA } from '../persistence/leads-schema';
import { MasterKeyring, PersonalDataVault } from '../persistence/personal-data-vault';

export interface CliOutput {
  out(line: string): void;
  err(line: string): void;
}

const stdio: CliOutput = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
};

export async function runRotateKeysCli(
  env: Record<string, string | undefined> = process.env,
  io: CliOutput = stdio,
): Promise<number> {
  let config;
  try {
    config = loadConfig(leadsConfigSchema, { LOG_LEVEL: 'warn', ...env });
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    io.err(error.message);
    return 2;
  }
  const logger = createLogger({ name: 'leads-rotate-keys', level: config.LOG_LEVEL });
  let database: ResolvedDatabase | undefined;
  let dataSource: DataSource | undefined;
  try {
    ({ database, dataSource } = await openDatabase(config, {
      schema: LEADS_SCHEMA,
      entities: LEADS_ENTITIES,
      migrations: LEADS_MIGRATIONS,
      poolMax: 2,
      applicationName: 'leads-rotate-keys',
      logger,
    }));
    await initializeDatabase(dataSource);
    const report = await rotateKeys(
      dataSource,
      MasterKeyring.fromConfig(config),
      new PersonalDataVault(dataSource, config),
    );
    io.out(`leads keys: master key "${config.LEADS_MASTER_KEY.id}" active`);
    io.out(`  data keys re-wrapped ${report.rewrapped}, already under it ${report.alreadyCurrent}`);
    io.out(`  contact messages from before encryption sealed ${report.sealedLegacyMessages}`);
    return 0;
  } catch (error) {
    io.err(
      `leads key rotation stopped: ${(error as Error).message}; run it again once fixed (nothing is left half-done)`,
    );
    return 2;
  } finally {
    if (dataSource?.isInitialized) await dataSource.destroy();
    await database?.stop();
  }
}

if (require.main === module) {
  runRotateKeysCli().then(
    (code) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(`leads key rotation failed: ${(error as Error).stack ?? String(error)}\n`);
      process.exit(2);
    },
  );
}
