import {
  checkSignature,
  type DeliveryLender,
  leadStatusCallbackSchema,
  MAX_MESSAGE_BYTES,
} from '@lib/partner-delivery';
import { PARTNER_SANDBOX_SCRIPT, type PartnerSandbox, startPartnerSandbox, until } from '@lib/testing';
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startCallbackReceiver } from './support/callback-receiver';
import { deliveryFor, post, sandboxLenders } from './support/deliveries';

const workspaceRoot = path.resolve(__dirname, '../../..');
const HOLD_MS = 1_500;

/** Runs the built sandbox with only the given environment and resolves with its exit code and stderr. */
function runSandbox(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [PARTNER_SANDBOX_SCRIPT], {
      cwd: workspaceRoot,
      env: { PATH: process.env['PATH'] ?? '', ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.once('exit', (code) => resolve({ code, stderr }));
  });
}

describe('partner sandbox as a process', () => {
  let receiver: Awaited<ReturnType<typeof startCallbackReceiver>>;
  let sandbox: PartnerSandbox;
  let lenders: Map<string, DeliveryLender>;
  const lender = (slug: string) => lenders.get(slug)!;

  beforeAll(async () => {
    receiver = await startCallbackReceiver();
    sandbox = await startPartnerSandbox({ callbackUrl: receiver.url, laterMs: 100, timeoutHoldMs: HOLD_MS });
    lenders = sandboxLenders(sandbox);
  });
  afterAll(async () => {
    await sandbox?.stop();
    await receiver?.close();
  });

  it('answers /healthz and hands the sending side one secret per lender', async () => {
    const health = await fetch(`${sandbox.url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    expect(Object.keys(sandbox.env).sort()).toEqual([
      'LENDER_SECRET_KUKI',
      'LENDER_SECRET_NETCREDIT',
      'LENDER_SECRET_PROVIDENT',
      'LENDER_SECRET_SMARTNEY',
      'LENDER_SECRET_VIVUS',
      'LENDER_SECRET_WANDOO',
      'PARTNER_SANDBOX_URL',
    ]);
    expect(sandbox.env['LENDER_SECRET_VIVUS']).toMatch(/^[0-9a-f]{64}$/);
    expect(sandbox.env['LENDER_SECRET_VIVUS']).not.toBe(sandbox.env['LENDER_SECRET_KUKI']);
  });

  it("accepts a good signed delivery at a 'decide' lender and lists what came", async () => {
    const delivery = deliveryFor(lender('vivus'));
    const answer = await post(lender('vivus'), delivery);
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({
      version: 'lead-answer.v1',
      deliveryId: delivery.deliveryId,
      decision: 'accepted',
    });
    expect(await sandbox.deliveries(delivery.applicationId)).toEqual([
      {
        deliveryId: delivery.deliveryId,
        applicationId: delivery.applicationId,
        lender: 'vivus',
        receivedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        fields: ['firstName', 'lastName', 'email', 'phone', 'age', 'pesel', 'idCard', 'bankAccount'],
        decision: 'accepted',
        reason: null,
        attempts: 1,
        repeats: 0,
        callback: 'none',
        callbackDecision: null,
        callbackReason: null,
        callbackStatus: null,
      },
    ]);
  });

  it('rejects an amount outside the lender’s feed limits (vivus lends 100–3000 zł)', async () => {
    const delivery = deliveryFor(lender('vivus'), { amountGrosze: 300_001 });
    const answer = await post(lender('vivus'), delivery);
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({
      version: 'lead-answer.v1',
      deliveryId: delivery.deliveryId,
      decision: 'rejected',
      reason: 'amount-outside-limits',
    });
  });

  it('answers 401 to another secret’s signature and to a stale timestamp, and records neither', async () => {
    const delivery = deliveryFor(lender('kuki'));
    const wrong = await post(lender('kuki'), delivery, { secret: sandbox.secrets['LENDER_SECRET_VIVUS'] });
    expect(wrong.status).toBe(401);
    expect(wrong.json).toEqual({ error: { code: 'signature-mismatch', message: 'X-Signature: mismatch' } });
    const stale = await post(lender('kuki'), delivery, { signedAt: Date.now() / 1000 - 600 });
    expect(stale.status).toBe(401);
    expect(stale.json).toEqual({
      error: { code: 'signature-outside-window', message: 'X-Signature: outside-window' },
    });
    expect(await sandbox.deliveries(delivery.applicationId)).toEqual([]);
  });

  it('answers 422 to a field the lender does not require and to a required one missing', async () => {
    const extra = deliveryFor(lender('kuki'), { add: ['email'] });
    const answer = await post(lender('kuki'), extra);
    expect(answer.status).toBe(422);
    expect(answer.json).toEqual({
      error: { code: 'field-not-required', message: 'field-not-required: email' },
    });
    const missing = deliveryFor(lender('kuki'), { drop: ['phone'] });
    const refused = await post(lender('kuki'), missing);
    expect(refused.status).toBe(422);
    expect(refused.json).toEqual({ error: { code: 'field-missing', message: 'field-missing: phone' } });
    expect(await sandbox.deliveries(extra.applicationId)).toEqual([]);
    expect(await sandbox.deliveries(missing.applicationId)).toEqual([]);
  });

  it('answers 404 to an unknown lender and 413 to a body over the limit', async () => {
    const delivery = deliveryFor(lender('kuki'));
    const unknown = await post(
      { ...lender('kuki'), endpoint: new URL(`${sandbox.url}/lenders/nobody/applications`) },
      delivery,
    );
    expect(unknown.status).toBe(404);
    expect(unknown.json).toMatchObject({ error: { code: 'unknown-lender' } });
    const large = await post(lender('kuki'), delivery, {
      body: JSON.stringify({ pad: 'x'.repeat(MAX_MESSAGE_BYTES) }),
    });
    expect(large.status).toBe(413);
    expect(large.json).toMatchObject({ error: { code: 'body-too-large' } });
  });

  it('answers a repeat by the same delivery id with the same status and bytes, counting one delivery', async () => {
    const delivery = deliveryFor(lender('smartney'));
    const first = await post(lender('smartney'), delivery);
    const again = await post(lender('smartney'), { ...delivery, sentAt: new Date().toISOString() });
    expect(again).toEqual(first);
    expect(await sandbox.deliveries(delivery.applicationId)).toEqual([
      expect.objectContaining({ deliveryId: delivery.deliveryId, attempts: 2, repeats: 1 }),
    ]);
    const summary = await sandbox.summary();
    expect(summary.applications.filter((a) => a.applicationId === delivery.applicationId)).toEqual([
      {
        applicationId: delivery.applicationId,
        lender: 'smartney',
        deliveries: 1,
        deliveryIds: [delivery.deliveryId],
      },
    ]);
    expect(summary.duplicates.filter((a) => a.applicationId === delivery.applicationId)).toEqual([]);
  });

  it('shows the same application sent to a lender under a second delivery id as a duplicate', async () => {
    const first = deliveryFor(lender('kuki'));
    const second = deliveryFor(lender('kuki'), { applicationId: first.applicationId });
    expect((await post(lender('kuki'), first)).status).toBe(200);
    expect((await post(lender('kuki'), second)).status).toBe(200);
    expect((await sandbox.summary()).duplicates).toContainEqual({
      applicationId: first.applicationId,
      lender: 'kuki',
      deliveries: 2,
      deliveryIds: [first.deliveryId, second.deliveryId],
    });
  });

  it('keeps what it answered across SIGKILL and a restart: a retry is a repeat', async () => {
    const delivery = deliveryFor(lender('vivus'), { amountGrosze: 250_000 });
    const first = await post(lender('vivus'), delivery);
    expect(first.status).toBe(200);
    const before = await sandbox.summary();
    await expect(sandbox.kill('SIGKILL')).resolves.toEqual({ code: null, signal: 'SIGKILL' });
    await sandbox.restart();
    expect(await post(lender('vivus'), delivery)).toEqual(first);
    const after = await sandbox.summary();
    expect(after.deliveries).toBe(before.deliveries);
    expect(after.lenders['vivus']).toEqual({
      ...before.lenders['vivus'],
      repeats: before.lenders['vivus']!.repeats + 1,
    });
    expect(await sandbox.deliveries(delivery.applicationId)).toEqual([
      expect.objectContaining({
        deliveryId: delivery.deliveryId,
        decision: 'accepted',
        attempts: 2,
        repeats: 1,
      }),
    ]);
  });

  it("posts a 'decide-later' lender's decision as a signed callback, retrying a 5xx with the same body", async () => {
    receiver.answer([503], 200);
    const from = receiver.received.length;
    const delivery = deliveryFor(lender('wandoo'));
    const answer = await post(lender('wandoo'), delivery);
    expect(answer.status).toBe(202);
    expect(answer.json).toEqual({
      version: 'lead-answer.v1',
      deliveryId: delivery.deliveryId,
      decision: 'pending',
    });
    await until(async () => (await sandbox.deliveries(delivery.applicationId))[0]?.callback === 'sent');
    const callbacks = receiver.received.slice(from);
    expect(callbacks).toHaveLength(2);
    const secret = sandbox.secrets['LENDER_SECRET_WANDOO']!;
    for (const callback of callbacks) {
      expect(
        checkSignature(callback.headers['x-signature'] as string, callback.body, secret, callback.atSeconds),
      ).toBeNull();
      expect(callback.headers).toMatchObject({
        'content-type': 'application/json',
        'x-delivery-id': delivery.deliveryId,
        'x-lender': 'wandoo',
      });
    }
    expect(callbacks[1]!.body.equals(callbacks[0]!.body)).toBe(true);
    expect(
      checkSignature(
        callbacks[0]!.headers['x-signature'] as string,
        callbacks[0]!.body,
        sandbox.secrets['LENDER_SECRET_VIVUS']!,
        callbacks[0]!.atSeconds,
      ),
    ).toBe('mismatch');
    expect(leadStatusCallbackSchema.parse(JSON.parse(callbacks[0]!.body.toString('utf8')))).toEqual({
      version: 'lead-status.v1',
      deliveryId: delivery.deliveryId,
      decision: 'accepted',
      decidedAt: expect.any(String),
    });
    expect(await sandbox.deliveries(delivery.applicationId)).toEqual([
      expect.objectContaining({
        decision: 'pending',
        callback: 'sent',
        callbackDecision: 'accepted',
        callbackStatus: 200,
      }),
    ]);
  });

  it('keeps retrying a pending callback across its own SIGKILL and restart', async () => {
    receiver.answer([], 503);
    const from = receiver.received.length;
    const delivery = deliveryFor(lender('netcredit'), { amountGrosze: 1_000_001 });
    expect((await post(lender('netcredit'), delivery)).status).toBe(202);
    await until(() => receiver.received.length > from);
    await sandbox.kill('SIGKILL');
    receiver.answer([], 200);
    await sandbox.restart();
    await until(async () => (await sandbox.deliveries(delivery.applicationId))[0]?.callback === 'sent');
    const last = receiver.received.at(-1)!;
    expect(JSON.parse(last.body.toString('utf8'))).toMatchObject({
      deliveryId: delivery.deliveryId,
      decision: 'rejected',
      reason: 'amount-outside-limits',
    });
    expect(
      checkSignature(
        last.headers['x-signature'] as string,
        last.body,
        sandbox.secrets['LENDER_SECRET_NETCREDIT']!,
        last.atSeconds,
      ),
    ).toBeNull();
  });

  it("never answers at the 'timeout' lender, records every attempt and drops the request after the hold", async () => {
    const delivery = deliveryFor(lender('provident'));
    await expect(post(lender('provident'), delivery, { timeoutMs: 1_000 })).rejects.toThrow(
      /aborted due to timeout/,
    );
    expect(await sandbox.deliveries(delivery.applicationId)).toEqual([
      expect.objectContaining({ lender: 'provident', decision: 'timeout', attempts: 1, repeats: 0 }),
    ]);
    const started = Date.now();
    await expect(post(lender('provident'), delivery)).rejects.toThrow('fetch failed');
    expect(Date.now() - started).toBeGreaterThanOrEqual(HOLD_MS - 100);
    expect(await sandbox.deliveries(delivery.applicationId)).toEqual([
      expect.objectContaining({ decision: 'timeout', attempts: 2, repeats: 1 }),
    ]);
    expect((await sandbox.summary()).lenders['provident']).toMatchObject({ deliveries: 1, timeout: 1 });
  });

  it('stops on SIGTERM with exit code 0, even with a request held', async () => {
    const delivery = deliveryFor(lender('provident'));
    const held = post(lender('provident'), delivery).then(
      (answer) => `answered ${answer.status}`,
      (error: Error) => error.message,
    );
    await until(async () => (await sandbox.deliveries(delivery.applicationId)).length === 1);
    const started = Date.now();
    await expect(sandbox.kill('SIGTERM')).resolves.toEqual({ code: 0, signal: null });
    expect(await held).toBe('fetch failed');
    // Dropped at once, not after the hold.
    expect(Date.now() - started).toBeLessThan(HOLD_MS);
    await sandbox.restart();
  });
});

describe('partner sandbox start-up refusals', () => {
  const secrets = Object.fromEntries(
    ['VIVUS', 'WANDOO', 'KUKI', 'NETCREDIT', 'SMARTNEY', 'PROVIDENT'].map((n) => [
      `LENDER_SECRET_${n}`,
      'x'.repeat(64),
    ]),
  );
  const good: Record<string, string> = {
    LEAD_STATUS_CALLBACK_URL: 'http://127.0.0.1:9/cb',
    PARTNER_SANDBOX_PORT: '0',
    // Every refusal comes before the state file is opened; a private path keeps a mistake from touching another run's.
    SANDBOX_STATE_FILE: path.join(tmpdir(), `partner-sandbox-refusal-${randomUUID()}`, 'deliveries.jsonl'),
    ...secrets,
  };

  it('exits 78 under NODE_ENV=production, saying it is for local runs and tests only', async () => {
    const { code, stderr } = await runSandbox({ ...good, NODE_ENV: 'production' });
    expect(code).toBe(78);
    expect(stderr).toContain('the partner sandbox is for local runs and tests only');
  });

  it('exits 78 naming a missing callback URL', async () => {
    const { LEAD_STATUS_CALLBACK_URL: _unset, ...env } = good;
    const { code, stderr } = await runSandbox(env);
    expect(code).toBe(78);
    expect(stderr).toContain('LEAD_STATUS_CALLBACK_URL must be set');
  });

  it('exits 78 for a lender file that is not a sandbox one', async () => {
    const { code, stderr } = await runSandbox({
      ...good,
      LENDER_DELIVERY_FILE: 'deploy/lenders/lender-delivery.production.json',
    });
    expect(code).toBe(78);
    expect(stderr).toContain('lender file: its environment is "production"');
  });

  it('exits 78 naming a lender whose secret is missing', async () => {
    const { LENDER_SECRET_KUKI: _unset, ...env } = good;
    const { code, stderr } = await runSandbox(env);
    expect(code).toBe(78);
    expect(stderr).toContain('lender kuki: LENDER_SECRET_KUKI must hold a secret');
  });
});
