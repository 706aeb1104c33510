import { commonV1, leadsV1 } from '@lib/contracts';
import { loadConfig } from '@lib/config';
import { runCli } from '@lib/service-kit';
import { silentLogger, startTestService, type TestService } from '@lib/testing';
import { randomBytes } from 'node:crypto';
import { rotateKeysCli } from '../src/cli/rotate-keys.cli';
import { leadsConfigSchema } from '../src/leads.config';
import { leadsService } from '../src/leads.service-definition';
import { ApplicationEntity } from '../src/persistence/application.entity';
import { ContactMessageEntity } from '../src/persistence/contact-message.entity';
import { DataKeyEntity } from '../src/persistence/data-key.entity';
import { PersonalDataVault } from '../src/persistence/personal-data-vault';
import { consents } from './support/application-requests';

const OLD = `old-1:${randomBytes(32).toString('base64')}`;
const NEW = `new-2:${randomBytes(32).toString('base64')}`;
const INDEX_KEY = randomBytes(32).toString('base64');

describe('npm run leads:rotate-keys (real PostgreSQL)', () => {
  let t: TestService<'leads'>;
  let databaseUrl: string;
  const lines: string[] = [];
  const io = { out: (l: string) => lines.push(l), err: (l: string) => lines.push(`ERR ${l}`) };
  const rotate = (env: Record<string, string>) => {
    lines.length = 0;
    return runCli(rotateKeysCli, {
      argv: [],
      env: { DATABASE_URL: databaseUrl, LEADS_BLIND_INDEX_KEY: INDEX_KEY, ...env },
      io,
      logger: silentLogger(),
    });
  };

  beforeAll(async () => {
    t = await startTestService(leadsService, {
      env: { LEADS_MASTER_KEY: OLD, LEADS_BLIND_INDEX_KEY: INDEX_KEY },
    });
    databaseUrl = (t.service.dataSource.options as { url: string }).url;
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('re-wraps every data key under the new master key, seals old plaintext messages, and can be run again', async () => {
    const lead = await t.client.submitApplication({
      amountGrosze: 300_000,
      periodDays: 60,
      purpose: commonV1.LoanPurpose.RENT,
      name: '',
      firstName: 'Anna',
      lastName: 'Nowak',
      email: 'anna.rotacja@example.pl',
      phone: '+48 601 200 300',
      pesel: '90051401233',
      idCard: 'ABA300000',
      bankAccount: '61109010140000071219812874',
      incomeSource: 'pension',
      consents: consents({ marketingEmail: false }),
      attribution: null,
      formVersion: 0,
      draftId: '',
      step: leadsV1.ApplicationStep.UNSPECIFIED,
    });
    // A message stored in clear before encryption existed.
    await t.service.dataSource.query(
      `INSERT INTO leads.contact_messages (name, email, phone, message) VALUES ('Ewa Stara', 'ewa@example.pl', '+48600000001', 'Wiadomość sprzed szyfrowania.')`,
    );

    // Without the old key the command cannot unwrap: it stops, changing nothing, and says so.
    expect(await rotate({ LEADS_MASTER_KEY: NEW })).toBe(2);
    expect(lines.join('\n')).toContain('master key "old-1" is not configured');
    expect(await t.service.dataSource.getRepository(DataKeyEntity).countBy({ masterKeyId: 'new-2' })).toBe(0);

    expect(await rotate({ LEADS_MASTER_KEY: NEW, LEADS_PREVIOUS_MASTER_KEYS: OLD })).toBe(0);
    expect(lines).toContain('  contact messages from before encryption sealed 1');
    const keys = await t.service.dataSource.getRepository(DataKeyEntity).find();
    expect(keys.every((k) => k.masterKeyId === 'new-2')).toBe(true);
    // The service's data key was re-wrapped; the one that sealed the old message was made under the new key.
    const rewrapped = keys.filter((k) => k.rewrappedAt !== null).length;
    expect(rewrapped).toBeGreaterThan(0);
    expect(lines).toContain(`  data keys re-wrapped ${rewrapped}, already under it 0`);

    // Only the new master key is needed now: a vault that knows nothing else opens the lead and the old message.
    const onlyNew = new PersonalDataVault(
      t.service.dataSource,
      loadConfig(leadsConfigSchema, { LEADS_MASTER_KEY: NEW, LEADS_BLIND_INDEX_KEY: INDEX_KEY }),
    );
    const row = await t.service.dataSource
      .getRepository(ApplicationEntity)
      .findOneByOrFail({ id: lead.applicationId });
    await expect(onlyNew.open(`applications/${row.id}`, row.dataKeyId!, row.sealed!)).resolves.toMatchObject({
      pesel: '90051401233',
      email: 'anna.rotacja@example.pl',
    });
    const legacy = await t.service.dataSource
      .getRepository(ContactMessageEntity)
      .findOneByOrFail({ message: 'Wiadomość sprzed szyfrowania.' });
    expect(legacy).toMatchObject({
      name: null,
      email: null,
      phone: null,
      emailIndex: onlyNew.index('email', 'ewa@example.pl'),
    });
    await expect(
      onlyNew.open(`contact_messages/${legacy.id}`, legacy.dataKeyId!, legacy.sealed!),
    ).resolves.toEqual({
      name: 'Ewa Stara',
      email: 'ewa@example.pl',
      phone: '+48600000001',
    });

    // Idempotent: a second run finds nothing to do.
    expect(await rotate({ LEADS_MASTER_KEY: NEW })).toBe(0);
    expect(lines).toContain(`  data keys re-wrapped 0, already under it ${keys.length}`);
  });

  it('seals messages stored in clear before encryption at start, before it takes calls', async () => {
    await t.service.dataSource.query(
      `INSERT INTO leads.contact_messages (name, email, phone, message) VALUES ('Olga Dawna', 'olga@example.pl', NULL, 'Stara wiadomość z czasu przed szyfrowaniem.')`,
    );
    const second = await startTestService(leadsService, {
      databaseUrl,
      env: { LEADS_MASTER_KEY: NEW, LEADS_BLIND_INDEX_KEY: INDEX_KEY },
    });
    try {
      const row = await second.service.dataSource
        .getRepository(ContactMessageEntity)
        .findOneByOrFail({ message: 'Stara wiadomość z czasu przed szyfrowaniem.' });
      expect(row).toMatchObject({ name: null, email: null });
      await expect(
        second.service.app
          .get(PersonalDataVault)
          .open(`contact_messages/${row.id}`, row.dataKeyId!, row.sealed!),
      ).resolves.toEqual({
        name: 'Olga Dawna',
        email: 'olga@example.pl',
      });
    } finally {
      // The database is this file's (t's): the second service leaves it in place.
      await second.stop();
    }
  });

  it('refuses to start in production without the keys', () => {
    expect(() => loadConfig(leadsConfigSchema, { NODE_ENV: 'production' })).toThrow(
      /LEADS_MASTER_KEY is required in production.*LEADS_BLIND_INDEX_KEY is required/,
    );
    expect(() => loadConfig(leadsConfigSchema, { LEADS_MASTER_KEY: 'k:short' })).toThrow(
      /LEADS_MASTER_KEY="k:short"/,
    );
  });
});
