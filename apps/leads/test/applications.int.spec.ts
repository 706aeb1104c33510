import { status } from '@grpc/grpc-js';
import {
  commonV1,
  createServiceClient,
  type GrpcCallError,
  leadsV1,
  type ServiceClient,
} from '@lib/contracts';
import { closeRedisClient, createRedisClient, ensureRedisConnected } from '@lib/cache';
import { IdempotencyKeyEntity, withClient } from '@lib/database';
import { APPLICATION_MESSAGES, CONSENTS } from '@lib/pl-validation';
import {
  freePort,
  SANDBOX_LENDER_FILE,
  hasTestRedis,
  holdLock,
  provideTestRedis,
  startTestService,
  type TestRedis,
  type TestService,
  until,
  waitingForLocks,
} from '@lib/testing';
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:net';
import { SUBMIT_LIMIT_MESSAGE } from '../src/application/applications.use-cases';
import { LeadsMaintenanceJob } from '../src/jobs/leads-maintenance.job';
import { leadsService } from '../src/leads.service-definition';
import { ApplicationConsentEntity, ApplicationEntity } from '../src/persistence/application.entity';
import { ContactMessageEntity } from '../src/persistence/contact-message.entity';
import { PartnerEnquiryEntity } from '../src/persistence/partner-enquiry.entity';
import { PeerServices } from '../src/persistence/peer-services';
import { PersonalDataVault } from '../src/persistence/personal-data-vault';
import { ErasureRequestEntity, SuppressionEntity } from '../src/persistence/privacy.entity';
import {
  BANK,
  consents,
  empty,
  person,
  PESEL,
  unreachableLenders,
  whole,
} from './support/application-requests';
import { type PeerProcess, startPeer } from './support/peers';

/*
 * The application journey, partner enquiries, unsubscribe and erasure over gRPC, on real PostgreSQL,
 * with the real offers and content services started from their builds (MatchOffers after a submit,
 * AnonymiseCommenter on erasure).
 */

/** Which of these keys exist in the Redis at url. */
async function existingKeys(url: string, keys: readonly string[]): Promise<string[]> {
  const client = createRedisClient(url);
  try {
    await ensureRedisConnected(client);
    const found: string[] = [];
    for (const key of keys) if ((await client.exists(key)) === 1) found.push(key);
    return found;
  } finally {
    await closeRedisClient(client);
  }
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (e: unknown) => e as GrpcCallError,
  );

describe('leads: applications, partner enquiries, unsubscribe and erasure (real PostgreSQL, offers, content)', () => {
  let t: TestService<'leads'>;
  let offers: PeerProcess;
  let content: PeerProcess | undefined;
  let contentPort: number;
  let contentClient: ServiceClient<'content'>;
  let offersClient: ServiceClient<'offers'>;
  let redis: TestRedis | undefined;
  let portHolder: Server | undefined;
  let lenders: Record<string, string> = {};

  beforeAll(async () => {
    lenders = unreachableLenders(await freePort());
    Object.assign(process.env, lenders);
    // The submit limit counts in Redis when this run has one (in memory otherwise).
    redis = hasTestRedis() ? await provideTestRedis() : undefined;
    offers = await startPeer('offers');
    // The content service starts later, on this port: the first erasure meets it away. Until then a
    // plain TCP listener holds the port (no other process takes it; gRPC calls to it fail).
    contentPort = await freePort();
    portHolder = createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => portHolder!.listen(contentPort, '127.0.0.1', resolve));
    t = await startTestService(leadsService, {
      redisUrl: redis?.url,
      env: {
        OFFERS_SERVICE_ADDR: offers.target,
        CONTENT_SERVICE_ADDR: `127.0.0.1:${contentPort}`,
        LEADS_PEER_DEADLINE_MS: '3000',
        LEADS_SUBMIT_LIMIT_PER_HOUR: '3',
        // The job runs when the test says so.
        LEADS_JOB_INTERVAL_MS: String(60 * 60_000),
        // The sandbox's lenders take applications, so the last step asks what they need; nothing
        // listens at their address (delivery itself is delivery.int.spec.ts's subject).
        LENDER_DELIVERY_FILE: SANDBOX_LENDER_FILE,
      },
    });
    offersClient = createServiceClient('offers', { target: offers.target, deadlineMs: 5_000 });
  }, 120_000);
  afterAll(async () => {
    offersClient?.close();
    contentClient?.close();
    await t?.stop();
    await content?.stop();
    await offers?.stop();
    if (portHolder?.listening) await new Promise((resolve) => portHolder!.close(resolve));
    await redis?.close();
    for (const name of Object.keys(lenders)) delete process.env[name];
  });

  const db = () => t.service.dataSource;
  const vault = () => t.service.app.get(PersonalDataVault);
  const job = () => t.service.app.get(LeadsMaintenanceJob);

  /**
   * The content service away: its port held by the plain TCP listener (stopping the peer when a
   * test before this one started it). Each erasure test sets the state it needs, so it passes alone
   * and in any order.
   */
  async function contentAway(): Promise<void> {
    if (!content) return;
    contentClient.close();
    await content.stop();
    content = undefined;
    portHolder = createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => portHolder!.listen(contentPort, '127.0.0.1', resolve));
  }

  /**
   * The content service up on its port, with this test's client to it, once the leads service's own
   * channel reaches it (AnonymiseCommenter of an address nobody used answers).
   */
  async function contentUp(): Promise<{ peer: PeerProcess; client: ServiceClient<'content'> }> {
    if (!content) {
      if (portHolder?.listening) await new Promise((resolve) => portHolder!.close(resolve));
      content = await startPeer('content', contentPort);
      contentClient = createServiceClient('content', { target: content.target, deadlineMs: 5_000 });
      await contentClient.waitForReady(30_000);
    }
    const peers = t.service.app.get(PeerServices);
    await until(() =>
      peers.content.anonymiseCommenter({ email: `nikt.${randomUUID()}@example.pl` }).then(
        () => true,
        () => false,
      ),
    );
    return { peer: content, client: contentClient };
  }

  describe('the journey, step by step', () => {
    it('saves each step as a draft a second device continues, then submits it as one lead matched by the offers service', async () => {
      const who = person();
      // 2 000 zł for 61 days: Vivus (100–3 000 zł, 61 days in apps/offers/feeds/pl_feed.json) can lend
      // it for that period, and the sandbox lender file has Vivus need the ID card and bank account, so
      // the last step asks them and the draft keeps them (at 90 days only Wandoo and NetCredit can
      // lend it, neither needs them, and what was not asked is not kept).
      const periodDays = 61;
      const step1 = await t.client.submitApplication({
        ...empty,
        step: leadsV1.ApplicationStep.LOAN_REQUEST,
        amountGrosze: 200_000,
        periodDays,
        purpose: commonV1.LoanPurpose.MEDICAL,
        formVersion: 3,
        attribution: {
          utmSource: 'google',
          utmMedium: 'cpc',
          utmCampaign: 'jesien',
          utmContent: '',
          utmTerm: '',
          sessionId: '',
          clientId: '',
        },
      });
      expect(step1.status).toBe(leadsV1.ApplicationStatus.DRAFT);
      const draftId = step1.applicationId;

      await t.client.submitApplication({
        ...empty,
        draftId,
        step: leadsV1.ApplicationStep.CONTACT_DETAILS,
        firstName: 'Jan',
        lastName: 'Kowalski',
        email: who.email,
        phone: who.phone,
      });

      // A reload, or another device with the draft id, finds everything so far.
      const reloaded = await t.client.getApplication({ applicationId: draftId });
      expect(reloaded).toMatchObject({
        status: leadsV1.ApplicationStatus.DRAFT,
        step: leadsV1.ApplicationStep.CONTACT_DETAILS,
        amountGrosze: 200_000,
        periodDays,
        purpose: commonV1.LoanPurpose.MEDICAL,
        firstName: 'Jan',
        lastName: 'Kowalski',
        name: 'Jan Kowalski',
        email: who.email,
        phone: who.phone.replace(/ /g, ''),
        formVersion: 3,
        attribution: expect.objectContaining({ utmSource: 'google' }),
      });

      await t.client.submitApplication({
        ...empty,
        draftId,
        step: leadsV1.ApplicationStep.PERSONAL_DETAILS,
        pesel: PESEL,
        idCard: 'aba 300000',
        bankAccount: `PL${BANK}`,
        incomeSource: 'employment',
        consents: consents(),
      });

      // A draft answers the identity numbers back (normalised), to continue the journey…
      expect(await t.client.getApplication({ applicationId: draftId })).toMatchObject({
        step: leadsV1.ApplicationStep.PERSONAL_DETAILS,
        pesel: PESEL,
        idCard: 'ABA300000',
        bankAccount: BANK,
        incomeSource: 'employment',
      });

      const key = randomUUID();
      const submitted = await t.client.submitApplication({ ...empty, draftId, idempotencyKey: key });
      expect(submitted.applicationId).toBe(draftId);
      expect(submitted.matchedOffers).toBeGreaterThan(0);
      expect(submitted.status).toBe(leadsV1.ApplicationStatus.MATCHED);

      // The offers service stored the request under the lead's id: the lead feed matches it again.
      const feed = await offersClient.getLeadFeed({
        leadId: draftId,
        page: '',
        direction: '',
        pf: 0,
        country: '',
      });
      expect(feed.offerIds.length).toBeGreaterThan(0);
      const unknownLead = await failure(
        offersClient.getLeadFeed({ leadId: randomUUID(), page: '', direction: '', pf: 0, country: '' }),
      );
      expect(unknownLead?.code).toBe(status.NOT_FOUND);

      // …the lead keeps them sealed (normalised) and never answers them.
      const row = await db().getRepository(ApplicationEntity).findOneByOrFail({ id: draftId });
      await expect(
        vault().open(`applications/${draftId}`, row.dataKeyId!, row.sealed!),
      ).resolves.toMatchObject({ pesel: PESEL, idCard: 'ABA300000', bankAccount: BANK });
      const stored = await t.client.getApplication({ applicationId: draftId });
      expect(stored).toMatchObject({
        status: leadsV1.ApplicationStatus.MATCHED,
        step: leadsV1.ApplicationStep.UNSPECIFIED,
        name: 'Jan Kowalski',
        pesel: '',
        idCard: '',
        bankAccount: '',
      });
    });

    it('makes one lead of a double submit: the same key, or the same draft without a key', async () => {
      const key = randomUUID();
      const request = whole();
      const first = await t.client.submitApplication({ ...request, idempotencyKey: key });
      const repeat = await t.client.submitApplication({ ...request, idempotencyKey: key });
      expect(repeat.applicationId).toBe(first.applicationId);
      expect(
        await db()
          .getRepository(ApplicationEntity)
          .countBy({ emailIndex: vault().index('email', request.email)! }),
      ).toBe(1);

      const who = person();
      const draft = await t.client.submitApplication({
        ...whole(who),
        step: leadsV1.ApplicationStep.PERSONAL_DETAILS,
      });
      const [a, b] = await Promise.all([
        t.client.submitApplication({ ...empty, draftId: draft.applicationId }),
        t.client.submitApplication({ ...empty, draftId: draft.applicationId }),
      ]);
      expect(a.applicationId).toBe(draft.applicationId);
      expect(b.applicationId).toBe(draft.applicationId);
      expect(
        await db()
          .getRepository(ApplicationEntity)
          .countBy({ emailIndex: vault().index('email', who.email)! }),
      ).toBe(1);
    });

    it('takes any loan request the offers catalogue offers (its largest amount and longest period) and refuses only what no consumer credit can be', async () => {
      const { figures } = await offersClient.listLenderFacts({ country: 'PL' });
      expect(figures!.amountMaxGrosze).toBeGreaterThan(0);
      const loanStep = (amountGrosze: number, periodDays: number) =>
        t.client.submitApplication({
          ...empty,
          step: leadsV1.ApplicationStep.LOAN_REQUEST,
          amountGrosze,
          periodDays,
          purpose: commonV1.LoanPurpose.OTHER,
        });
      for (const [amount, period] of [
        [figures!.amountMaxGrosze - (figures!.amountMaxGrosze % 100), figures!.periodMaxDays],
        [Math.ceil(figures!.amountMinGrosze / 100) * 100, figures!.periodMinDays],
      ] as const)
        expect((await loanStep(amount, period)).status).toBe(leadsV1.ApplicationStatus.DRAFT);

      // Above art. 3 ust. 1 of the consumer credit act (255 550 zł), or over ten years: refused.
      const tooMuch = await failure(loanStep(25_555_100, 90));
      expect(tooMuch?.code).toBe(status.INVALID_ARGUMENT);
      expect(tooMuch?.fieldViolations).toEqual([
        { field: 'amount', description: APPLICATION_MESSAGES.amount },
      ]);
      const tooLong = await failure(loanStep(200_000, 3_651));
      expect(tooLong?.fieldViolations).toEqual([
        { field: 'periodDays', description: APPLICATION_MESSAGES.periodDays },
      ]);
    });

    it('answers bad fields with the Polish messages and stores nothing; an unknown form version is ignored', async () => {
      const before = await db().getRepository(ApplicationEntity).count();
      const error = await failure(
        t.client.submitApplication({
          ...whole(),
          email: 'nie-email',
          pesel: '12345678901',
          consents: consents({ terms: false }),
        }),
      );
      expect(error?.code).toBe(status.INVALID_ARGUMENT);
      expect(error?.fieldViolations).toEqual(
        expect.arrayContaining([
          { field: 'email', description: 'Wprowadź prawidłowy adres e-mail' },
          { field: 'pesel', description: APPLICATION_MESSAGES.pesel },
          { field: 'consents.terms.given', description: APPLICATION_MESSAGES.consentRequired },
        ]),
      );
      expect(await db().getRepository(ApplicationEntity).count()).toBe(before);

      const odd = await t.client.submitApplication({ ...whole(), formVersion: 7 });
      expect((await t.client.getApplication({ applicationId: odd.applicationId })).formVersion).toBe(0);

      const missing = await failure(t.client.getApplication({ applicationId: randomUUID() }));
      expect(missing?.code).toBe(status.NOT_FOUND);
    });

    it('stores each consent with its text version and time, and withdraws one as easily', async () => {
      const lead = await t.client.submitApplication(whole());
      const answers = await db()
        .getRepository(ApplicationConsentEntity)
        .find({ where: { applicationId: lead.applicationId }, order: { id: 'ASC' } });
      expect(answers.map((a) => [a.consentKey, a.granted, a.textVersion])).toEqual(
        CONSENTS.map((c) => [c.key, c.required || c.key === 'marketingEmail', c.version]),
      );
      expect(answers.every((a) => a.answeredAt instanceof Date)).toBe(true);

      const after = await t.client.withdrawConsent({
        applicationId: lead.applicationId,
        type: leadsV1.ConsentType.MARKETING_EMAIL,
      });
      const last = after.consents.at(-1)!;
      expect(last).toMatchObject({
        type: leadsV1.ConsentType.MARKETING_EMAIL,
        granted: false,
        textVersion: 'marketing-email-2026-11-v1',
      });
      expect(Number.isNaN(Date.parse(last.grantedAt))).toBe(false);
    });

    it('stops the deliveries not sent yet when the delivery consent is withdrawn', async () => {
      const lead = await t.client.submitApplication({ ...whole(), consents: consents({ delivery: true }) });
      expect(lead.deliveries).toBeGreaterThan(0);
      await t.client.withdrawConsent({
        applicationId: lead.applicationId,
        type: leadsV1.ConsentType.DELIVERY,
      });
      const states: { state: string }[] = await db().query(
        `SELECT state FROM leads.lead_deliveries WHERE application_id = $1`,
        [lead.applicationId],
      );
      // The lenders of this file are never reached here: every delivery was still queued.
      expect(states.map((s) => s.state)).toEqual(Array(lead.deliveries).fill('withdrawn'));
    });

    it('refuses more submits per e-mail than the hourly limit (Redis or memory), with a Polish message', async () => {
      const who = person();
      for (let i = 0; i < 3; i += 1) await t.client.submitApplication(whole(who));
      const error = await failure(t.client.submitApplication(whole(who)));
      expect(error?.code).toBe(status.RESOURCE_EXHAUSTED);
      expect(error?.message).toContain(SUBMIT_LIMIT_MESSAGE);
    });

    it('answers the eligibility quiz with a band, never a percentage', async () => {
      const { LOW, MEDIUM, HIGH } = leadsV1.EligibilityEstimate;
      await expect(
        t.client.evaluateEligibility({ over18: true, citizen: true, validIdentity: false, validBank: true }),
      ).resolves.toEqual({
        chancePercent: 0,
        estimate: MEDIUM,
        items: [
          { key: 'over18', weightPercent: 0, satisfied: true, ifNo: LOW },
          { key: 'citizen', weightPercent: 0, satisfied: true, ifNo: MEDIUM },
          { key: 'validIdentity', weightPercent: 0, satisfied: false, ifNo: MEDIUM },
          { key: 'validBank', weightPercent: 0, satisfied: true, ifNo: LOW },
        ],
      });
      const all = { over18: true, citizen: true, validIdentity: true, validBank: true };
      await expect(t.client.evaluateEligibility(all)).resolves.toMatchObject({ estimate: HIGH });
      await expect(t.client.evaluateEligibility({ ...all, validBank: false })).resolves.toMatchObject({
        estimate: LOW,
      });
    });
  });

  describe('personal data at rest', () => {
    it('keeps PESEL, ID card, bank account, e-mail and phone nowhere in clear in the leads schema', async () => {
      const who = person();
      // 61 days: a lender that lends for it (Vivus) asks for the ID card and bank account, so
      // both are stored and the check below covers them.
      await t.client.submitApplication({ ...whole(who), periodDays: 61, idempotencyKey: randomUUID() });
      await t.client.submitContactMessage({
        name: 'Jan Kowalski',
        email: who.email,
        phone: who.phone,
        message: 'Proszę o kontakt w sprawie pożyczki.',
      });
      await t.client.submitPartnerEnquiry({
        company: 'Porównywarka Sp. z o.o.',
        name: 'Jan Kowalski',
        email: who.email,
        phone: who.phone,
        website: 'https://example.pl',
        message: 'Chcemy dołączyć do programu partnerskiego.',
        trafficSources: 'SEO, newsletter',
      });
      const dump = JSON.stringify(
        await db().query(`
          SELECT row_to_json(a)::text FROM leads.applications a
          UNION ALL SELECT row_to_json(c)::text FROM leads.application_consents c
          UNION ALL SELECT row_to_json(m)::text FROM leads.contact_messages m
          UNION ALL SELECT row_to_json(p)::text FROM leads.partner_enquiries p
          UNION ALL SELECT row_to_json(k)::text FROM leads.idempotency_keys k
          UNION ALL SELECT row_to_json(d)::text FROM leads.data_keys d`),
      );
      for (const secret of [
        PESEL,
        'ABA300000',
        BANK,
        who.email,
        who.phone.replace(/ /g, '').slice(3),
        'Kowalski',
      ])
        expect(dump).not.toContain(secret);

      // …and they open with the keys: the partner enquiry as stored.
      const enquiry = await db()
        .getRepository(PartnerEnquiryEntity)
        .findOneByOrFail({ emailIndex: vault().index('email', who.email)! });
      expect(enquiry).toMatchObject({
        company: 'Porównywarka Sp. z o.o.',
        trafficSources: 'SEO, newsletter',
        website: 'https://example.pl',
      });
      await expect(
        vault().open(`partner_enquiries/${enquiry.id}`, enquiry.dataKeyId!, enquiry.sealed!),
      ).resolves.toEqual({
        name: 'Jan Kowalski',
        email: who.email,
        phone: who.phone.replace(/ /g, ''),
      });
    });

    it('refuses partner enquiries over the limits with Polish messages', async () => {
      const error = await failure(
        t.client.submitPartnerEnquiry({
          company: 'X',
          name: 'Jan',
          email: 'zly',
          phone: '',
          website: 'ftp://x',
          message: 'krótko',
          trafficSources: 'a'.repeat(1001),
        }),
      );
      expect(error?.code).toBe(status.INVALID_ARGUMENT);
      expect(error?.fieldViolations.map((v) => v.field).sort()).toEqual([
        'company',
        'email',
        'message',
        'trafficSources',
        'website',
      ]);
    });
  });

  describe('a database outage during submit', () => {
    it('answers UNAVAILABLE and stores nothing of the application; the retry stores it once', async () => {
      const who = person();
      const key = randomUUID();
      // A client that never repeats the call by itself: the visitor sees the failure and retries.
      const once = createServiceClient('leads', {
        target: t.grpcTarget,
        deadlineMs: 30_000,
        retryUnavailable: false,
      });
      const lock = await holdLock(db(), 'LOCK TABLE leads.applications IN EXCLUSIVE MODE');
      let call: Promise<GrpcCallError | undefined>;
      try {
        call = failure(once.submitApplication({ ...whole(who), idempotencyKey: key }));
        await until(async () => (await waitingForLocks(db())) >= 1);
        // The database goes away under the waiting transaction: every connection of the service ends.
        await db().query(
          `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'leads-service' AND wait_event_type = 'Lock'`,
        );
      } finally {
        await lock.release();
      }
      const error = await call!;
      once.close();
      expect(error?.code).toBe(status.UNAVAILABLE);
      expect(
        await db()
          .getRepository(ApplicationEntity)
          .countBy({ emailIndex: vault().index('email', who.email)! }),
      ).toBe(0);
      expect(await db().getRepository(IdempotencyKeyEntity).findOneBy({ key })).toBeNull();

      const retry = await t.client.submitApplication({ ...whole(who), idempotencyKey: key });
      const rows = await db()
        .getRepository(ApplicationEntity)
        .findBy({ emailIndex: vault().index('email', who.email)! });
      expect(rows.map((r) => r.id)).toEqual([retry.applicationId]);
      expect(
        await db().getRepository(ApplicationConsentEntity).countBy({ applicationId: retry.applicationId }),
      ).toBe(CONSENTS.length);
    });
  });

  describe('unsubscribe and erasure', () => {
    it('unsubscribes at once: suppression by blind index, marketing consents withdrawn', async () => {
      const who = person();
      const lead = await t.client.submitApplication(whole(who));
      const answer = await t.client.unsubscribe({ email: who.email.toUpperCase(), phone: '' });
      expect(answer.status).toBe(leadsV1.RequestStatus.COMPLETED);
      expect(
        await db()
          .getRepository(SuppressionEntity)
          .findOneBy({ blindIndex: vault().index('email', who.email)! }),
      ).toMatchObject({ channel: 'email' });
      const application = await t.client.getApplication({ applicationId: lead.applicationId });
      const inForce = new Map(application.consents.map((c) => [c.type, c.granted]));
      expect(inForce.get(leadsV1.ConsentType.MARKETING_EMAIL)).toBe(false);
      expect(inForce.get(leadsV1.ConsentType.TERMS)).toBe(true);

      const none = await failure(t.client.unsubscribe({ email: '', phone: '' }));
      expect(none?.fieldViolations).toEqual([
        { field: 'email', description: 'Podaj adres e-mail lub numer telefonu' },
      ]);
    });

    it('keeps an erasure pending while the content service is away, and the job finishes it once it is back', async () => {
      await contentAway();
      const who = person();
      const lead = await t.client.submitApplication(whole(who));
      const request = await t.client.requestErasure({ email: who.email, phone: '', note: '' });
      expect(request.status).toBe(leadsV1.RequestStatus.IN_PROGRESS);
      expect(
        await db()
          .getRepository(ApplicationEntity)
          .countBy({ emailIndex: vault().index('email', who.email)! }),
      ).toBe(0);
      // The offers service answered: the lead feed is gone already; the request keeps the id until the end.
      expect(
        (
          await failure(
            offersClient.getLeadFeed({
              leadId: lead.applicationId,
              page: '',
              direction: '',
              pf: 0,
              country: '',
            }),
          )
        )?.code,
      ).toBe(status.NOT_FOUND);
      expect(
        (await db().getRepository(ErasureRequestEntity).findOneByOrFail({ id: request.requestId }))
          .applicationIds,
      ).toEqual([lead.applicationId]);

      await contentUp();
      // The job finishes the pending erasure on its next run.
      await until(async () => {
        await job().runOnce();
        return (
          (await t.client.getErasureRequest({ requestId: request.requestId })).status ===
          leadsV1.RequestStatus.COMPLETED
        );
      });
      const done = await t.client.getErasureRequest({ requestId: request.requestId });
      expect(done).toMatchObject({ status: leadsV1.RequestStatus.COMPLETED, erasedRecords: 1 });
      expect(Number.isNaN(Date.parse(done.completedAt))).toBe(false);
      expect(
        await db().getRepository(ErasureRequestEntity).findOneByOrFail({ id: request.requestId }),
      ).toMatchObject({ applicationIds: null, emailIndex: null, sealed: null });
    }, 120_000);

    it("erases a person's applications, drafts, messages, enquiries, links, lead feed and comments; the audit keeps a salted hash only", async () => {
      const { peer, client: contentOfTest } = await contentUp();
      const who = person();
      const lead = await t.client.submitApplication(whole(who));
      const feedOfLead = () =>
        offersClient.getLeadFeed({ leadId: lead.applicationId, page: '', direction: '', pf: 0, country: '' });
      expect((await feedOfLead()).offerIds.length).toBeGreaterThan(0);
      // A self-service link: its token row, and the e-mail queued with it, are the person's too.
      await t.client.requestSelfServiceLink({ email: who.email, phone: '', idempotencyKey: randomUUID() });
      const emailIndex = vault().index('email', who.email)!;
      expect(
        await db().query<{ n: number }[]>(
          `SELECT (SELECT count(*) FROM leads.self_service_tokens WHERE subject_index = $1)::int
                + (SELECT count(*) FROM leads.outbound_messages WHERE recipient_index = $1)::int AS n`,
          [emailIndex],
        ),
      ).toEqual([{ n: 3 }]);
      const draft = await t.client.submitApplication({
        ...whole(who),
        step: leadsV1.ApplicationStep.CONTACT_DETAILS,
      });
      const message = await t.client.submitContactMessage({
        name: 'Jan Kowalski',
        email: who.email,
        phone: '',
        message: 'Proszę o usunięcie moich danych.',
      });
      await t.client.submitPartnerEnquiry({
        company: 'Firma',
        name: 'Jan Kowalski',
        email: who.email,
        phone: who.phone,
        website: '',
        message: 'Zapytanie o współpracę.',
        trafficSources: '',
      });
      const other = person();
      const untouched = await t.client.submitApplication(whole(other));
      const comment = await contentOfTest.submitComment({
        pagePath: '/opinie-o-pozyczkach/vivus/',
        name: 'Jan K.',
        email: who.email,
        text: 'Pożyczka przyszła szybko, obsługa była bardzo uprzejma.',
        rating: 5,
        replyTo: 0,
        sessionId: '',
      });

      const erasure = await t.client.requestErasure({
        email: who.email,
        phone: who.phone,
        note: 'Proszę usunąć moje dane.',
        idempotencyKey: randomUUID(),
      });
      expect(erasure).toMatchObject({ status: leadsV1.RequestStatus.COMPLETED, erasedRecords: 5 });
      expect(await t.client.getErasureRequest({ requestId: erasure.requestId })).toEqual(erasure);

      expect(await t.client.getApplication({ applicationId: lead.applicationId })).toMatchObject({
        status: leadsV1.ApplicationStatus.ERASED,
        name: '',
        email: '',
        phone: '',
        pesel: '',
        bankAccount: '',
        amountGrosze: 200_000,
      });
      expect((await failure(t.client.getApplication({ applicationId: draft.applicationId })))?.code).toBe(
        status.NOT_FOUND,
      );
      expect(
        await db().getRepository(ContactMessageEntity).findOneByOrFail({ id: message.id }),
      ).toMatchObject({ sealed: null, emailIndex: null, message: '' });
      expect(
        await db()
          .getRepository(PartnerEnquiryEntity)
          .countBy({ emailIndex: vault().index('email', who.email)! }),
      ).toBe(0);
      expect((await t.client.getApplication({ applicationId: untouched.applicationId })).email).toBe(
        other.email,
      );

      const moderated = await withClient(peer.database.url, (client) =>
        client.query<{ name: string; email: string }>(
          'SELECT name, email FROM content.comments WHERE id = $1',
          [comment.commentId],
        ),
      );
      expect(moderated.rows).toEqual([{ name: 'Anonim', email: '' }]);

      // The offers service forgot the lead's request: no lead feed for it any more.
      expect((await failure(feedOfLead()))?.code).toBe(status.NOT_FOUND);
      // Nothing keyed by the address is left: links, sessions and messages (queued or sent) alike.
      expect(
        await db().query<{ n: number }[]>(
          `SELECT (SELECT count(*) FROM leads.self_service_tokens WHERE subject_index = $1)::int
                + (SELECT count(*) FROM leads.outbound_messages WHERE recipient_index = $1)::int AS n`,
          [emailIndex],
        ),
      ).toEqual([{ n: 0 }]);
      // With Redis the counters live there: the person's are gone (the phone's too), another applicant's stay.
      const phoneIndex = vault().index('phone', who.phone.replace(/ /g, ''))!;
      const otherCounter = `leads:rate:submit:${vault().index('email', other.email)!}`;
      const counters = [
        `leads:rate:submit:${emailIndex}`,
        `leads:rate:submit:${phoneIndex}`,
        `leads:rate:self-service-link:${emailIndex}`,
        otherCounter,
      ];
      expect(redis ? await existingKeys(redis.url, counters) : []).toEqual(redis ? [otherCounter] : []);

      const audit = await db().getRepository(ErasureRequestEntity).findOneByOrFail({ id: erasure.requestId });
      expect(audit).toMatchObject({
        emailIndex: null,
        phoneIndex: null,
        sealed: null,
        dataKeyId: null,
        applicationIds: null,
      });
      expect(audit.subjectHash).toMatch(/^[0-9a-f]{32}:[0-9a-f]{64}$/);
      expect(JSON.stringify(audit)).not.toContain(who.email);
      // Still suppressed from marketing after the erasure.
      expect(
        await db()
          .getRepository(SuppressionEntity)
          .countBy({ blindIndex: vault().index('phone', who.phone.replace(/ /g, ''))! }),
      ).toBe(1);
    }, 120_000);
  });

  describe('retention', () => {
    it('deletes drafts after 30 days without change and leads after LEADS_RETENTION_DAYS', async () => {
      const oldDraft = await t.client.submitApplication({
        ...whole(),
        step: leadsV1.ApplicationStep.LOAN_REQUEST,
      });
      const freshDraft = await t.client.submitApplication({
        ...whole(),
        step: leadsV1.ApplicationStep.LOAN_REQUEST,
      });
      const oldLead = await t.client.submitApplication(whole());
      await db().query(
        `UPDATE leads.applications SET updated_at = now() - interval '31 days' WHERE id = $1`,
        [oldDraft.applicationId],
      );
      await db().query(
        `UPDATE leads.applications SET created_at = now() - interval '366 days' WHERE id = $1`,
        [oldLead.applicationId],
      );

      await job().runOnce();
      const left = (await db().getRepository(ApplicationEntity).findBy({})).map((r) => r.id);
      expect(left).toContain(freshDraft.applicationId);
      expect(left).not.toContain(oldDraft.applicationId);
      expect(left).not.toContain(oldLead.applicationId);
      expect(
        await db().getRepository(ApplicationConsentEntity).countBy({ applicationId: oldLead.applicationId }),
      ).toBe(0);
    });
  });

  it('keeps entities and migrations in agreement', async () => {
    await expect(t.pendingSchemaChanges()).resolves.toEqual([]);
  });
});
