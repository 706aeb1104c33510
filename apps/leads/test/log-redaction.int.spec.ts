import { commonV1, createServiceClient, leadsV1, type ServiceClient } from '@lib/contracts';
import { loadConfig } from '@lib/config';
import { createLogger } from '@lib/observability';
import { CONSENTS } from '@lib/pl-validation';
import { type RunningService, startService } from '@lib/service-kit';
import { freePort, provideTestDatabase, type TestDatabase } from '@lib/testing';
import { Writable } from 'node:stream';
import { leadsService } from '../src/leads.service-definition';
import { consents } from './support/application-requests';

/*
 * The leads service at LOG_LEVEL trace with its real logger (@lib/observability, with redaction),
 * through the paths that log: a submit whose MatchOffers fails (the offers service is away), bad
 * input, an erasure whose content call fails. No personal value may reach a log line.
 */

const SECRETS = {
  pesel: '90051401233',
  idCard: 'ABA300000',
  bankAccount: '61109010140000071219812874',
  email: 'tajny.adres@example.pl',
  phone: '602300400',
  lastName: 'Niewidoczna',
};

describe('leads logs never carry personal data (real PostgreSQL, real logger)', () => {
  let database: TestDatabase;
  let service: RunningService;
  let client: ServiceClient<'leads'>;
  const lines: string[] = [];

  beforeAll(async () => {
    database = await provideTestDatabase();
    const [grpcPort, nowhere] = [await freePort(), await freePort()];
    const config = loadConfig(leadsService.configSchema, {
      DATABASE_URL: database.url,
      GRPC_HOST: '127.0.0.1',
      GRPC_PORT: String(grpcPort),
      OPS_PORT: '0',
      NODE_ENV: 'test',
      LOG_LEVEL: 'trace',
      // Nothing listens here: MatchOffers and AnonymiseCommenter fail and are logged.
      OFFERS_SERVICE_ADDR: `127.0.0.1:${nowhere}`,
      CONTENT_SERVICE_ADDR: `127.0.0.1:${nowhere}`,
      LEADS_PEER_DEADLINE_MS: '500',
    });
    const destination = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    service = await startService(
      leadsService,
      config,
      createLogger({ name: 'leads', level: 'trace', destination }),
    );
    await service.databaseReady;
    client = createServiceClient('leads', { target: `127.0.0.1:${grpcPort}`, deadlineMs: 10_000 });
  });
  afterAll(async () => {
    client?.close();
    await service?.close();
    await database?.drop();
  });

  it('logs the failed MatchOffers, the refused input and the pending erasure without a single personal value', async () => {
    const request: leadsV1.SubmitApplicationRequest = {
      amountGrosze: 150_000,
      periodDays: 45,
      purpose: commonV1.LoanPurpose.CAR_REPAIR,
      name: '',
      firstName: 'Ukryta',
      lastName: SECRETS.lastName,
      email: SECRETS.email,
      phone: SECRETS.phone,
      pesel: SECRETS.pesel,
      idCard: SECRETS.idCard,
      bankAccount: SECRETS.bankAccount,
      incomeSource: 'employment',
      consents: consents(Object.fromEntries(CONSENTS.map((c) => [c.key, true]))),
      attribution: null,
      formVersion: 2,
      draftId: '',
      step: leadsV1.ApplicationStep.UNSPECIFIED,
    };
    const lead = await client.submitApplication(request);
    // The lead is kept although matching failed.
    expect(lead.status).toBe(leadsV1.ApplicationStatus.RECEIVED);
    await client
      .submitApplication({ ...request, email: `${SECRETS.email}@`, bankAccount: `${SECRETS.bankAccount}9` })
      .catch(() => undefined);
    const erasure = await client.requestErasure({
      email: SECRETS.email,
      phone: SECRETS.phone,
      note: SECRETS.lastName,
    });
    expect(erasure.status).toBe(leadsV1.RequestStatus.IN_PROGRESS);

    const text = lines.join('');
    expect(text).toContain('MatchOffers failed');
    expect(text).toContain('erasure: content service did not anonymise comments');
    for (const secret of Object.values(SECRETS)) expect(text).not.toContain(secret);
  });
});
