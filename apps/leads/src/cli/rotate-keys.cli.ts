// `npm run leads:rotate-keys`: re-wraps every data key of the leads service under the active master
// key (LEADS_MASTER_KEY; the old ones listed in LEADS_PREVIOUS_MASTER_KEYS) and seals contact
// messages stored in clear before encryption. Idempotent and resumable: run it again after any stop.
// Exit codes: 0 done, 2 stopped (a master key missing, the database), 78 a bad environment.
import 'reflect-metadata';
import { CliFailure, noArguments, openCliDatabase, runCliProcess, type CliCommand } from '@lib/service-kit';
import { leadsConfigSchema, type LeadsConfig } from '../leads.config';
import { rotateKeys } from '../persistence/key-rotation';
import { LEADS_ENTITIES, LEADS_MIGRATIONS, LEADS_SCHEMA } from '../persistence/leads-schema';
import { MasterKeyring, PersonalDataVault } from '../persistence/personal-data-vault';

const USAGE = `usage: npm run leads:rotate-keys
  Re-wraps every data key of the leads service under LEADS_MASTER_KEY (keys being rotated away listed in
  LEADS_PREVIOUS_MASTER_KEYS) and seals contact messages stored in clear before encryption, in PostgreSQL
  (DATABASE_URL, or the embedded one of npm start). Idempotent: run it again after any stop.
exit codes: 0 done, 2 stopped (a master key missing, the database), 78 a bad environment`;

export const rotateKeysCli: CliCommand<void, LeadsConfig> = {
  name: 'leads:rotate-keys',
  usage: USAGE,
  parseArgs: noArguments,
  env: leadsConfigSchema,
  async run(ctx) {
    const { config, io } = ctx;
    try {
      const dataSource = await openCliDatabase(ctx, {
        schema: LEADS_SCHEMA,
        entities: LEADS_ENTITIES,
        migrations: LEADS_MIGRATIONS,
      });
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
      throw new CliFailure(
        `leads key rotation stopped: ${(error as Error).message}; run it again once fixed (nothing is left half-done)`,
        2,
      );
    }
  },
};

if (require.main === module) void runCliProcess(rotateKeysCli);
