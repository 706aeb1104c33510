import { status } from '@grpc/grpc-js';
import { type GrpcCallError, leadsV1 } from '@lib/contracts';
import { type CaughtMail, type MailCatcher, startMailCatcher } from '@lib/test-support';
import { freePort, SANDBOX_LENDER_FILE, startTestService, type TestService } from '@lib/testing';
import { randomUUID } from 'node:crypto';
import { leadsService } from '../src/leads.service-definition';
import { DeliveriesRepository } from '../src/persistence/deliveries.repository';
import { consents, person, unreachableLenders, whole } from './support/application-requests';
import { type PeerProcess, startPeer } from './support/peers';

/*
 * Verified self-service over gRPC on real PostgreSQL, with mail through MailDev's SMTP: a request
 * changes nothing until the mailed link is followed; the link works once; the session withdraws,
 * exports and erases.
 */

const PUBLIC_ORIGIN = 'https://porownywarka.test';
const linkToken = (mail: CaughtMail) => /\/moje-dane\/\?t=([\w-]+)/.exec(mail.text ?? '')?.[1];
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (e: unknown) => e as GrpcCallError,
  );

describe('leads: verified self-service (real PostgreSQL, offers, MailDev)', () => {
  let t: TestService<'leads'>;
  let offers: PeerProcess;
  let mail: MailCatcher;
  let lenders: Record<string, string> = {};

  beforeAll(async () => {
    offers = await startPeer('offers');
    mail = await startMailCatcher();
    lenders = unreachableLenders(await freePort());
    Object.assign(process.env, lenders);
    t = await startTestService(leadsService, {
      env: {
        OFFERS_SERVICE_ADDR: offers.target,
        LEADS_PEER_DEADLINE_MS: '3000',
        // The lenders are known but away: deliveries stay queued, which a withdrawal must stop.
        LENDER_DELIVERY_FILE: SANDBOX_LENDER_FILE,
        SMTP_URL: mail.smtpUrl,
        SMS_TRANSPORT: 'mail-catcher',
        PUBLIC_ORIGIN,
        LEADS_DISPATCH_INTERVAL_MS: '200',
        LEADS_JOB_INTERVAL_MS: String(60 * 60_000),
      },
    });
  }, 120_000);
  afterAll(async () => {
    await t?.stop();
    for (const name of Object.keys(lenders)) delete process.env[name];
    await mail?.stop();
    await offers?.stop();
  });

  const request = (email: string, phone = '') =>
    t.client.requestSelfServiceLink({ email, phone, idempotencyKey: randomUUID() });
  /** The self-service mail to an address (its application confirmation is another mail). */
  const mailTo = (address: string) =>
    mail.waitFor((m) => m.to.some((a) => a.address === address) && linkToken(m) !== undefined, 15_000);
  async function sessionFor(email: string): Promise<string> {
    await request(email);
    const token = linkToken(await mailTo(email));
    return (await t.client.openSelfService({ linkToken: token! })).sessionToken;
  }

  it('answers a known and an unknown address alike, and mails a link only to the known one', async () => {
    const who = person();
    await t.client.submitApplication({ ...whole(who), consents: consents({ delivery: true }) });
    const stranger = `nikt.${randomUUID().slice(0, 8)}@example.pl`;
    const known = await request(who.email);
    const unknown = await request(stranger);
    expect(known.channel).toBe(leadsV1.SelfServiceChannel.EMAIL);
    expect(unknown.channel).toBe(known.channel);
    expect(Date.parse(known.expiresAt) - Date.now()).toBeGreaterThan(23 * 3600_000);
    const link = await mailTo(who.email);
    expect(link.text).toContain(`${PUBLIC_ORIGIN}/moje-dane/?t=`);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect((await mail.messages()).some((m) => m.to.some((a) => a.address === stranger))).toBe(false);
  }, 60_000);

  it('changes nothing on a request alone; the followed link opens a session once', async () => {
    const who = person();
    const submitted = await t.client.submitApplication({
      ...whole(who),
      consents: consents({ delivery: true }),
    });
    await request(who.email);
    const token = linkToken(await mailTo(who.email))!;
    // The request itself withdrew and erased nothing.
    const before = await t.client.getApplication({ applicationId: submitted.applicationId });
    expect(before.status).not.toBe(leadsV1.ApplicationStatus.ERASED);
    expect(before.email).toBe(who.email);

    const session = await t.client.openSelfService({ linkToken: token });
    expect(Date.parse(session.expiresAt) - Date.now()).toBeLessThanOrEqual(30 * 60_000);
    const again = await failure(t.client.openSelfService({ linkToken: token }));
    expect(again?.code).toBe(status.FAILED_PRECONDITION);
    expect(again?.errorInfo?.reason).toBe('LINK_USED');
    const forged = await failure(t.client.openSelfService({ linkToken: 'x'.repeat(43) }));
    expect(forged?.code).toBe(status.NOT_FOUND);
  }, 60_000);

  it('refuses a link past its 24 hours', async () => {
    const who = person();
    await t.client.submitApplication({ ...whole(who), consents: consents() });
    await request(who.email);
    const token = linkToken(await mailTo(who.email))!;
    await t.service.dataSource.query(
      `UPDATE leads.self_service_tokens SET expires_at = now() - interval '1 minute' WHERE kind = 'link' AND used_at IS NULL`,
    );
    const expired = await failure(t.client.openSelfService({ linkToken: token }));
    expect(expired?.errorInfo?.reason).toBe('LINK_EXPIRED');
  }, 60_000);

  it('withdraws the delivery consent, stopping the deliveries not sent yet, and stops marketing', async () => {
    const who = person();
    const submitted = await t.client.submitApplication({
      ...whole(who),
      consents: consents({ delivery: true }),
    });
    expect(submitted.deliveries).toBeGreaterThan(0);
    const session = await sessionFor(who.email);
    const overview = await t.client.getSelfServiceOverview({ sessionToken: session });
    expect(overview).toMatchObject({ applications: 1, marketingStopped: false });
    expect(overview.maskedAddress).toMatch(/^j\*\*\*@example\.pl$/);
    const delivery = overview.consents.find((c) => c.type === leadsV1.ConsentType.DELIVERY);
    expect(delivery?.granted).toBe(true);

    const after = await t.client.withdrawSelfServiceConsents({
      sessionToken: session,
      types: [leadsV1.ConsentType.DELIVERY],
    });
    expect(after.consents.find((c) => c.type === leadsV1.ConsentType.DELIVERY)?.granted).toBe(false);
    expect(after.pendingDeliveries).toBe(0);
    const rows = await t.service.app.get(DeliveriesRepository).forApplication(submitted.applicationId);
    expect(rows.filter((d) => d.state === 'queued')).toEqual([]);
    expect(rows.some((d) => d.state === 'withdrawn')).toBe(true);

    const unsubscribed = await t.client.withdrawSelfServiceConsents({
      sessionToken: session,
      types: [
        leadsV1.ConsentType.MARKETING_EMAIL,
        leadsV1.ConsentType.MARKETING_SMS,
        leadsV1.ConsentType.MARKETING_PHONE,
      ],
    });
    expect(unsubscribed.marketingStopped).toBe(true);
    const terms = await failure(
      t.client.withdrawSelfServiceConsents({ sessionToken: session, types: [leadsV1.ConsentType.TERMS] }),
    );
    expect(terms?.code).toBe(status.INVALID_ARGUMENT);
  }, 60_000);

  it('exports everything the person gave, decrypted, in one JSON file', async () => {
    const who = person();
    const submitted = await t.client.submitApplication({
      ...whole(who),
      consents: consents({ delivery: true }),
    });
    const session = await sessionFor(who.email);
    const exported = await t.client.exportSelfServiceData({ sessionToken: session });
    expect(exported.fileName).toMatch(/^moje-dane-\d{4}-\d{2}-\d{2}\.json$/);
    const document = JSON.parse(exported.json) as {
      applications: {
        id: string;
        personalData: Record<string, string>;
        consents: unknown[];
        deliveries: unknown[];
      }[];
    };
    expect(document.applications).toHaveLength(1);
    const [application] = document.applications;
    expect(application!.id).toBe(submitted.applicationId);
    expect(application!.personalData).toMatchObject({
      firstName: 'Jan',
      lastName: 'Kowalski',
      email: who.email,
    });
    expect(application!.consents.length).toBeGreaterThan(0);
    expect(application!.deliveries.length).toBe(submitted.deliveries);
  }, 60_000);

  it('erases only when confirmed; afterwards the session and the links are gone', async () => {
    const who = person();
    const submitted = await t.client.submitApplication({
      ...whole(who),
      consents: consents({ delivery: true }),
    });
    const session = await sessionFor(who.email);
    const unconfirmed = await failure(
      t.client.eraseSelfServiceData({ sessionToken: session, confirmed: false }),
    );
    expect(unconfirmed?.code).toBe(status.INVALID_ARGUMENT);
    expect((await t.client.getApplication({ applicationId: submitted.applicationId })).email).toBe(who.email);

    const erasure = await t.client.eraseSelfServiceData({ sessionToken: session, confirmed: true });
    expect(erasure.erasedRecords).toBeGreaterThanOrEqual(1);
    const erased = await t.client.getApplication({ applicationId: submitted.applicationId });
    expect(erased).toMatchObject({ status: leadsV1.ApplicationStatus.ERASED, email: '', phone: '' });
    const rows = await t.service.app.get(DeliveriesRepository).forApplication(submitted.applicationId);
    expect(rows.filter((d) => d.state === 'queued')).toEqual([]);
    const ended = await failure(t.client.getSelfServiceOverview({ sessionToken: session }));
    expect(ended?.code).toBe(status.UNAUTHENTICATED);
  }, 60_000);

  it('sends the link by SMS to a phone when an SMS transport is there, readable like the mail', async () => {
    const who = person();
    await t.client.submitApplication({ ...whole(who), consents: consents() });
    const phone = who.phone.replace(/\s/g, '');
    const answer = await t.client.requestSelfServiceLink({ email: '', phone, idempotencyKey: randomUUID() });
    expect(answer.channel).toBe(leadsV1.SelfServiceChannel.SMS);
    const smsAddress = `${phone.slice(1)}@sms.localhost`;
    const sms = await mail.waitFor((m) => m.to.some((a) => a.address === smsAddress), 15_000);
    expect(sms.subject).toBe(`SMS do ${phone}`);
    expect(sms.text).toContain(`${PUBLIC_ORIGIN}/moje-dane/?t=`);
  }, 60_000);
});
