import { status } from '@grpc/grpc-js';
import { type GrpcCallError, leadsV1 } from '@lib/contracts';
import { runExclusive } from '@lib/database';
import { type DeliveryLender, readLenderDirectory, signBody } from '@lib/partner-delivery';
import { type CaughtMail, type MailCatcher, startMailCatcher } from '@lib/test-support';
import {
  type PartnerSandbox,
  SANDBOX_LENDER_FILE,
  startPartnerSandbox,
  startTestService,
  type TestService,
  until,
} from '@lib/testing';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { DeliveryDispatch } from '../src/application/delivery-dispatch';
import { OUTBOX_DISPATCH_LOCK, OutboxDispatchJob } from '../src/jobs/outbox-dispatch.job';
import { leadsService } from '../src/leads.service-definition';
import { DeliveriesRepository } from '../src/persistence/deliveries.repository';
import { consents, person, whole } from './support/application-requests';
import { type PeerProcess, startPeer } from './support/peers';

/*
 * Delivery to lenders over real HTTP: the leads service (real PostgreSQL) matches a submitted
 * application with the real offers service, queues its deliveries with it, and the dispatcher
 * sends them, signed, to the partner sandbox (a real HTTP service playing the lenders of the
 * sandbox lender file); the confirmation goes through MailDev's SMTP.
 */

const PUBLIC_ORIGIN = 'https://porownywarka.test';

const secretEnvOf = (slug: string) => `LENDER_SECRET_${slug.toUpperCase().replace(/-/g, '_')}`;
const withDelivery = (overrides: Partial<Record<string, boolean>> = {}) =>
  consents({ delivery: true, ...overrides });

describe('leads: delivery to lenders (real PostgreSQL, offers, partner sandbox over HTTP, MailDev)', () => {
  let t: TestService<'leads'>;
  let offers: PeerProcess;
  let sandbox: PartnerSandbox;
  let mail: MailCatcher;
  let bridge: Server;
  const savedEnv = { ...process.env };
  /** The sandbox file's lenders, by slug. */
  let LENDERS = new Map<string, DeliveryLender>();

  beforeAll(async () => {
    offers = await startPeer('offers');
    mail = await startMailCatcher();
    // The lenders' callbacks reach leads as the gateway passes them on: signature and raw body.
    bridge = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        t.client
          .recordDeliveryStatus({
            signature: String(req.headers['x-signature'] ?? ''),
            body: Buffer.concat(chunks),
          })
          .then(
            (answer) => res.writeHead(200).end(JSON.stringify(answer)),
            (error: GrpcCallError) =>
              res.writeHead(error.code === status.UNAUTHENTICATED ? 401 : 400).end(error.message),
          );
      });
    });
    await new Promise<void>((resolve) => bridge.listen(0, '127.0.0.1', resolve));
    const address = bridge.address() as { port: number };
    sandbox = await startPartnerSandbox({
      callbackUrl: `http://127.0.0.1:${address.port}/api/partner/lead-status`,
      laterMs: 300,
      timeoutHoldMs: 5_000,
    });
    // The lenders' secrets reach the service as Kubernetes gives them: environment variables.
    Object.assign(process.env, sandbox.env);
    const directory = readLenderDirectory(readFileSync(SANDBOX_LENDER_FILE, 'utf8'), sandbox.env);
    if (!('ok' in directory)) throw new Error(directory.problems.join('; '));
    LENDERS = new Map(directory.ok.lenders.map((l) => [l.slug, l]));
    t = await startTestService(leadsService, {
      env: {
        OFFERS_SERVICE_ADDR: offers.target,
        LEADS_PEER_DEADLINE_MS: '3000',
        LENDER_DELIVERY_FILE: SANDBOX_LENDER_FILE,
        SMTP_URL: mail.smtpUrl,
        PUBLIC_ORIGIN,
        LEADS_DISPATCH_INTERVAL_MS: '200',
        LEADS_JOB_INTERVAL_MS: String(60 * 60_000),
      },
    });
  }, 120_000);
  afterAll(async () => {
    await t?.stop();
    process.env = savedEnv;
    await sandbox?.stop();
    await mail?.stop();
    if (bridge) await new Promise((resolve) => bridge.close(resolve));
    await offers?.stop();
  });

  const statusOf = (token: string) => t.client.getApplicationStatus({ statusToken: token });
  const linkIn = (m: CaughtMail) =>
    /https:\/\/porownywarka\.test\/moj-wniosek\/\?t=([\w.-]+)/.exec(m.text ?? '')?.[1];

  it('delivers a submitted application, signed, to exactly the matched lenders that take applications, each with only its required fields', async () => {
    // Only offers that lend 2 000 zł for the requested period match, and no one period suits all six
    // sandbox lenders (apps/offers/feeds/pl_feed.json), so two applications reach them all between them:
    // 61 days Vivus and Kuki (decide at once), Wandoo and NetCredit (later); 180 days Smartney (at
    // once), NetCredit (later) and Provident (never answers in time).
    const requests = [
      { periodDays: 61, atOnce: ['kuki', 'vivus'], later: ['netcredit', 'wandoo'], timesOut: [] },
      { periodDays: 180, atOnce: ['smartney'], later: ['netcredit'], timesOut: ['provident'] },
    ];
    expect([...new Set(requests.flatMap((r) => [...r.atOnce, ...r.later, ...r.timesOut]))].sort()).toEqual(
      [...LENDERS.keys()].sort(),
    );
    for (const { periodDays, atOnce, later, timesOut } of requests) {
      const who = person();
      const submitted = await t.client.submitApplication({
        ...whole(who),
        periodDays,
        consents: withDelivery(),
      });
      expect(submitted.status).toBe(leadsV1.ApplicationStatus.MATCHED);
      expect(submitted.deliveries).toBeGreaterThan(0);
      const id = submitted.applicationId;

      const queued = await t.service.app.get(DeliveriesRepository).forApplication(id);
      expect(queued).toHaveLength(submitted.deliveries);
      const slugs = queued.map((d) => d.lenderSlug).sort();
      expect({ periodDays, slugs }).toEqual({ periodDays, slugs: [...atOnce, ...later, ...timesOut].sort() });
      expect(slugs.every((s) => LENDERS.has(s))).toBe(true);

      // Every lender but the one that never answers in time has its decision or its receipt.
      await until(async () => {
        const received = await sandbox.deliveries(id);
        return received.length === slugs.length;
      });
      const received = await sandbox.deliveries(id);
      expect(received.map((d) => d.lender).sort()).toEqual(slugs);
      for (const delivery of received)
        expect(delivery.fields.sort()).toEqual([...LENDERS.get(delivery.lender)!.requiredFields].sort());

      let view = await statusOf(submitted.statusToken);
      await until(async () => {
        view = await statusOf(submitted.statusToken);
        const decidedLater = view.deliveries.filter((d) => later.includes(d.lenderSlug));
        return decidedLater.every((d) => d.state === leadsV1.DeliveryState.ACCEPTED);
      });
      const states = Object.fromEntries(view.deliveries.map((d) => [d.lenderSlug, d]));
      for (const slug of [...atOnce, ...later])
        expect(states[slug]!.state).toBe(leadsV1.DeliveryState.ACCEPTED);
      // The lender that never answers in time is being retried.
      for (const slug of timesOut)
        expect(states[slug]).toMatchObject({ state: leadsV1.DeliveryState.QUEUED, retrying: true });
      expect(view.deliveryDeclined).toBe(false);
      expect(view.deliveries.map((d) => d.lenderName).sort()).toEqual(
        slugs.map((s) => LENDERS.get(s)!.name).sort(),
      );
    }
  }, 60_000);

  it('mails the confirmation from the outbox, whose link opens the same status page', async () => {
    const who = person();
    const submitted = await t.client.submitApplication({ ...whole(who), consents: withDelivery() });
    const confirmation = await mail.waitFor((m) => m.to.some((a) => a.address === who.email), 15_000);
    expect(confirmation.subject).toMatch(/wniosek/i);
    expect(confirmation.html).toContain('moj-wniosek');
    const token = linkIn(confirmation);
    expect(token).toBe(submitted.statusToken);
    await expect(statusOf(token!)).resolves.toMatchObject({ applicationId: submitted.applicationId });
  }, 30_000);

  it('sends nothing to any lender without the delivery consent: the application is matched only', async () => {
    const submitted = await t.client.submitApplication({
      ...whole(),
      consents: consents({ delivery: false }),
    });
    expect(submitted).toMatchObject({ status: leadsV1.ApplicationStatus.MATCHED, deliveries: 0 });
    await t.service.app.get(OutboxDispatchJob).runOnce();
    expect(await sandbox.deliveries(submitted.applicationId)).toEqual([]);
    await expect(statusOf(submitted.statusToken)).resolves.toMatchObject({
      deliveries: [],
      deliveryDeclined: true,
      // The test's lender file is the sandbox's: the status page must call its lenders test accounts.
      sandboxLenders: true,
    });
  }, 30_000);

  it('answers a forged, altered or unknown status token NOT_FOUND alike', async () => {
    const submitted = await t.client.submitApplication({ ...whole(), consents: withDelivery() });
    const [id, expires, mac] = submitted.statusToken.split('.');
    for (const token of [
      `${id}.${Number(expires) + 1}.${mac}`,
      `${randomUUID()}.${expires}.${mac}`,
      'nonsense',
    ]) {
      const error = (await statusOf(token).catch((e: unknown) => e)) as GrpcCallError;
      expect(error.code).toBe(status.NOT_FOUND);
    }
  }, 30_000);

  it('delivers each application once to each lender when the sandbox is killed mid-delivery and started again', async () => {
    await sandbox.kill('SIGKILL');
    const ids: string[] = [];
    for (let i = 0; i < 3; i++)
      ids.push((await t.client.submitApplication({ ...whole(), consents: withDelivery() })).applicationId);
    // The lenders are away: attempts fail and are scheduled again.
    await t.service.app.get(OutboxDispatchJob).runOnce();
    await sandbox.restart();
    // Due again at once, as the backoff would make them later.
    await t.service.dataSource.query(
      `UPDATE leads.lead_deliveries SET next_attempt_at = now() WHERE state = 'queued'`,
    );
    await until(async () => {
      const rows: { n: string }[] = await t.service.dataSource.query(
        `SELECT count(*) AS n FROM leads.lead_deliveries WHERE application_id = ANY($1) AND state = 'queued' AND lender_slug <> 'provident'`,
        [ids],
      );
      return Number(rows[0]!.n) === 0;
    });
    const summary = await sandbox.summary();
    expect(summary.duplicates).toEqual([]);
    for (const id of ids) {
      const atLenders = summary.applications.filter((a) => a.applicationId === id);
      expect(atLenders.length).toBeGreaterThan(0);
      expect(atLenders.every((a) => a.deliveries === 1)).toBe(true);
    }
  }, 90_000);

  it('sends a delivery whose answer was lost again under the same id, and the lender counts it once', async () => {
    // 61 days: Vivus (61 days only in the offers feed) can lend for it, so it is matched and delivered to.
    const submitted = await t.client.submitApplication({
      ...whole(),
      periodDays: 61,
      consents: withDelivery(),
    });
    const dispatch = t.service.app.get(DeliveryDispatch);
    const repository = t.service.app.get(DeliveriesRepository);
    await until(async () =>
      (await repository.forApplication(submitted.applicationId)).some(
        (d) => d.lenderSlug === 'vivus' && d.state === 'accepted',
      ),
    );
    // As if the process had died after the POST, before recording it: the row queued again, its lease
    // over, and sent again by this pass. Due a second ago, not at now(): the dispatcher's clock has
    // milliseconds, PostgreSQL's microseconds, so a row due "now" can still be a fraction of a
    // millisecond ahead of the pass. Under the job's lock, as its passes run: the job's own passes
    // (every 200 ms) skip meanwhile, so none of them takes the row first.
    await until(
      async () =>
        (
          await runExclusive(t.service.dataSource, OUTBOX_DISPATCH_LOCK, async () => {
            await t.service.dataSource.query(
              `UPDATE leads.lead_deliveries SET state = 'queued', next_attempt_at = now() - interval '1 second' WHERE application_id = $1 AND lender_slug = 'vivus'`,
              [submitted.applicationId],
            );
            await dispatch.dispatchDue();
          })
        ).ran,
    );
    const vivus = (await sandbox.deliveries(submitted.applicationId)).filter((d) => d.lender === 'vivus');
    expect(vivus).toHaveLength(1);
    expect(vivus[0]!.repeats).toBe(1);
    const view = await statusOf(submitted.statusToken);
    expect(view.deliveries.find((d) => d.lenderSlug === 'vivus')?.state).toBe(leadsV1.DeliveryState.ACCEPTED);
  }, 30_000);

  it("takes a lender's signed decision once: a wrong or stale signature is refused, a repeat changes nothing, a change of mind is refused", async () => {
    // 61 days: Vivus (61 days only in the offers feed) can lend for it, so it is matched and delivered to.
    const submitted = await t.client.submitApplication({
      ...whole(),
      periodDays: 61,
      consents: withDelivery(),
    });
    const repository = t.service.app.get(DeliveriesRepository);
    const vivusOf = async () =>
      (await repository.forApplication(submitted.applicationId)).find((d) => d.lenderSlug === 'vivus')!;
    await until(async () => (await vivusOf()).state === 'accepted');
    const vivus = await vivusOf();
    const secret = sandbox.secrets[secretEnvOf('vivus')]!;
    const decidedAt = new Date().toISOString();
    const decision = (value: 'accepted' | 'rejected') =>
      Buffer.from(
        JSON.stringify({
          version: 'lead-status.v1',
          deliveryId: vivus.id,
          decision: value,
          decidedAt,
        }),
      );
    const now = Date.now() / 1000;
    const send = (signature: string, body: Buffer) =>
      t.client.recordDeliveryStatus({ signature, body }).catch((e: unknown) => e as GrpcCallError);

    const forged = (await send(
      signBody('y'.repeat(64), decision('accepted'), now),
      decision('accepted'),
    )) as GrpcCallError;
    expect(forged.code).toBe(status.UNAUTHENTICATED);
    const stale = (await send(
      signBody(secret, decision('accepted'), now - 3600),
      decision('accepted'),
    )) as GrpcCallError;
    expect(stale.code).toBe(status.UNAUTHENTICATED);
    // Another lender's secret does not speak for vivus.
    const other = (await send(
      signBody(sandbox.secrets[secretEnvOf('kuki')]!, decision('accepted'), now),
      decision('accepted'),
    )) as GrpcCallError;
    expect(other.code).toBe(status.UNAUTHENTICATED);

    await expect(send(signBody(secret, decision('accepted'), now), decision('accepted'))).resolves.toEqual({
      deliveryId: vivus.id,
      state: leadsV1.DeliveryState.ACCEPTED,
      changed: false,
    });
    const changed = (await send(
      signBody(secret, decision('rejected'), now),
      decision('rejected'),
    )) as GrpcCallError;
    expect(changed.code).toBe(status.FAILED_PRECONDITION);
    const unknown = Buffer.from(
      JSON.stringify({
        version: 'lead-status.v1',
        deliveryId: randomUUID(),
        decision: 'accepted',
        decidedAt: new Date().toISOString(),
      }),
    );
    expect(((await send(signBody(secret, unknown, now), unknown)) as GrpcCallError).code).toBe(
      status.NOT_FOUND,
    );
    const events: { state: string }[] = await t.service.dataSource.query(
      `SELECT state FROM leads.lead_delivery_events WHERE delivery_id = $1 ORDER BY id`,
      [vivus.id],
    );
    expect(events.map((e) => e.state)).toEqual(['queued', 'accepted']);
  }, 30_000);
});
