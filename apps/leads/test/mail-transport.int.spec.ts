import { loadConfig } from '@lib/config';
import { freePort, type MailCatcher, startMailCatcher } from '@lib/test-support';
import { randomUUID } from 'node:crypto';
import { createServer, type Server, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { applicationConfirmation } from '../src/domain/messages';
import { leadsConfigSchema } from '../src/leads.config';
import { classifySendError, MailTransport, type MailTimeouts } from '../src/persistence/mail-transport';
import { SmsTransport } from '../src/persistence/sms-transport';

const MAIL_FROM = 'Porównywarka pożyczek <no-reply@example.pl>';

/** The leads config as the service reads it, from these variables. */
const configWith = (env: Record<string, string>) => loadConfig(leadsConfigSchema, env);

/** Short bounds, so that the failure cases answer within the test's time. */
const FAST: Partial<MailTimeouts> = { connectionMs: 2_000, greetingMs: 500, socketMs: 2_000, sendMs: 5_000 };

/**
 * A scripted SMTP server: answers each command from `replies` (by its verb) or with a plain
 * success, so a test can have a server refuse exactly one step.
 */
async function scriptedSmtp(replies: Partial<Record<'MAIL' | 'RCPT' | 'DATA_END', string>>) {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    socket.setEncoding('utf8');
    let buffer = '';
    let inData = false;
    const say = (line: string) => socket.write(`${line}\r\n`);
    say('220 scripted ESMTP');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          buffer = buffer.slice(end + 5);
          inData = false;
          say(replies.DATA_END ?? '250 2.0.0 queued');
          continue;
        }
        const newline = buffer.indexOf('\r\n');
        if (newline < 0) return;
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        const verb = line.split(/[ :]/)[0]!.toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') say('250 scripted');
        else if (verb === 'MAIL') say(replies.MAIL ?? '250 2.1.0 ok');
        else if (verb === 'RCPT') say(replies.RCPT ?? '250 2.1.5 ok');
        else if (verb === 'DATA') {
          say('354 go ahead');
          inData = true;
        } else if (verb === 'QUIT') {
          say('221 bye');
          socket.end();
        } else say('250 ok');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

describe('MailTransport and SmsTransport against MailDev (real SMTP)', () => {
  let catcher: MailCatcher;
  let mail: MailTransport;

  beforeAll(async () => {
    catcher = await startMailCatcher();
    mail = new MailTransport(configWith({ SMTP_URL: catcher.smtpUrl, MAIL_FROM }), FAST);
  });
  afterAll(async () => {
    mail?.close();
    await catcher?.stop();
  });
  beforeEach(async () => {
    await catcher.clear();
  });

  it('delivers subject, text, html and the Message-ID <outbox id@MAIL_FROM domain>, read back through the REST API', async () => {
    const id = randomUUID();
    const content = applicationConfirmation({
      firstName: 'Zażółć',
      amountZloty: 2000,
      periodDays: 30,
      lenderCount: 3,
      statusUrl: 'https://example.pl/wniosek/status/?t=abc',
    });
    expect(mail.domain).toBe('example.pl');

    await expect(mail.send({ messageId: id, to: 'anna.nowak@example.pl', ...content })).resolves.toEqual({
      sent: true,
    });

    const caught = await catcher.waitFor((m) => m.messageId === `${id}@example.pl`);
    expect(caught.subject).toBe(content.subject);
    expect(caught.text?.trim()).toBe(content.text.trim());
    // MailDev's parser writes a void element self-closed (<meta …/>); the rest comes back as sent.
    expect(caught.html?.replace(/\/>/g, '>').trim()).toBe(content.html.trim());
    expect(caught.headers['message-id']).toBe(`<${id}@example.pl>`);
    expect(caught.headers['auto-submitted']).toBe('auto-generated');
    expect(caught.from).toEqual([{ address: 'no-reply@example.pl', name: 'Porównywarka pożyczek' }]);
    expect(caught.to.map((a) => a.address)).toEqual(['anna.nowak@example.pl']);
  });

  it('sends a resend after a crash with the same Message-ID, so it is recognisable as the same message', async () => {
    const id = randomUUID();
    const message = {
      messageId: id,
      to: 'jan@example.pl',
      subject: 'Test',
      text: 'Treść',
      html: '<p>Treść</p>',
    };
    await expect(mail.send(message)).resolves.toEqual({ sent: true });
    await expect(mail.send(message)).resolves.toEqual({ sent: true });
    const deadline = Date.now() + 10_000;
    let caught = await catcher.messages();
    while (caught.length < 2 && Date.now() < deadline) {
      await sleep(100);
      caught = await catcher.messages();
    }
    expect(caught.map((m) => m.headers['message-id'])).toEqual([`<${id}@example.pl>`, `<${id}@example.pl>`]);
  });

  it('sends an SMS as a plain-text mail to <digits>@sms.localhost in the mail-catcher mode', async () => {
    const sms = new SmsTransport(configWith({ SMS_TRANSPORT: 'mail-catcher' }), mail);
    expect(sms.available).toBe(true);
    const id = randomUUID();
    const text = 'Porownywarka pozyczek: Twoje dane: https://example.pl/d/?t=x Link wazny 24 h.';

    await expect(sms.send({ messageId: id, to: '+48600100200', text })).resolves.toEqual({ sent: true });

    const caught = await catcher.waitFor((m) => m.messageId === `${id}@example.pl`);
    expect(caught.to.map((a) => a.address)).toEqual(['48600100200@sms.localhost']);
    expect(caught.envelope.to.map((a) => a.address)).toEqual(['48600100200@sms.localhost']);
    expect(caught.subject).toBe('SMS do +48600100200');
    expect(caught.text?.trim()).toBe(text);
    expect(caught.html ?? '').toBe('');
    // A number that is not a Polish mobile is refused for good, before anything is sent.
    await expect(sms.send({ messageId: randomUUID(), to: '600100200', text })).resolves.toEqual({
      sent: false,
      retryable: false,
      reason: 'the number is not +48 and nine digits',
    });
  });

  it('is unavailable without an SMS transport (SMS_TRANSPORT=none, the default) and sends nothing', async () => {
    const sms = new SmsTransport(configWith({}), mail);
    expect(sms.available).toBe(false);
    await expect(sms.send({ messageId: randomUUID(), to: '+48600100200', text: 'x' })).resolves.toMatchObject(
      {
        sent: false,
        retryable: false,
      },
    );
    expect(await catcher.messages()).toEqual([]);
  });

  it('refuses a messageId that would not make a Message-ID, for good', async () => {
    await expect(
      mail.send({ messageId: 'a b@c', to: 'jan@example.pl', subject: 'x', text: 'x', html: 'x' }),
    ).resolves.toMatchObject({ sent: false, retryable: false });
  });
});

describe('MailTransport when the SMTP server fails', () => {
  const message = () => ({
    messageId: randomUUID(),
    to: 'anna.nowak@example.pl',
    subject: 'Test',
    text: 'Treść',
    html: '<p>Treść</p>',
  });
  const transportTo = (smtpUrl: string) =>
    new MailTransport(configWith({ SMTP_URL: smtpUrl, MAIL_FROM }), FAST);

  it('answers retryable when nothing listens (connection refused)', async () => {
    const mail = transportTo(`smtp://127.0.0.1:${await freePort()}`);
    try {
      const outcome = await mail.send(message());
      expect(outcome).toMatchObject({ sent: false, retryable: true });
      expect(outcome.sent === false && outcome.reason).toMatch(/ECONNREFUSED|ECONNECTION|ESOCKET/);
    } finally {
      mail.close();
    }
  });

  it('answers retryable when the server accepts the connection but never greets (greeting timeout)', async () => {
    const silent = createServer((socket) => socket.on('error', () => undefined));
    const sockets = new Set<Socket>();
    silent.on('connection', (socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const mail = transportTo(`smtp://127.0.0.1:${(silent.address() as { port: number }).port}`);
    try {
      const started = Date.now();
      const outcome = await mail.send(message());
      expect(outcome).toMatchObject({ sent: false, retryable: true });
      expect(outcome.sent === false && outcome.reason).toMatch(/ETIMEDOUT/);
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      mail.close();
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it.each([
    [
      'a 5xx to RCPT TO (unknown recipient)',
      false,
      { RCPT: '550 5.1.1 <anna.nowak@example.pl>: user unknown' },
    ],
    ['a 5xx to the message (content refused)', false, { DATA_END: '554 5.6.0 message refused' }],
    ['a 4xx to RCPT TO (greylisting)', true, { RCPT: '451 4.7.1 try again later' }],
    ['a 4xx to the message', true, { DATA_END: '452 4.3.1 insufficient storage' }],
    // Our sender refused: the configuration, not this message; it waits for the fix.
    ['a 5xx to MAIL FROM', true, { MAIL: '550 5.7.1 sender not allowed' }],
  ])('answers %s as retryable: %s, with no address in the reason', async (_what, retryable, replies) => {
    const server = await scriptedSmtp(replies);
    const mail = transportTo(server.url);
    try {
      const outcome = await mail.send(message());
      expect(outcome).toMatchObject({ sent: false, retryable });
      const reason = outcome.sent === false ? outcome.reason : '';
      expect(reason).toMatch(/^SMTP [45]\d\d /);
      expect(reason).not.toContain('anna.nowak');
      expect(reason).not.toContain('@example.pl');
    } finally {
      mail.close();
      await server.close();
    }
  });

  it('answers retryable once shut down, without trying', async () => {
    const mail = transportTo(`smtp://127.0.0.1:${await freePort()}`);
    mail.onApplicationShutdown();
    await expect(mail.send(message())).resolves.toEqual({
      sent: false,
      retryable: true,
      reason: 'the mail transport is shut down',
    });
  });

  it('classifies errors without an SMTP reply by what failed', () => {
    expect(
      classifySendError({ code: 'ETIMEDOUT', command: 'CONN', message: 'Greeting never received' }),
    ).toEqual({
      retryable: true,
      reason: 'ETIMEDOUT at CONN: Greeting never received',
    });
    expect(
      classifySendError({
        code: 'EAUTH',
        command: 'AUTH PLAIN',
        responseCode: 535,
        response: '535 5.7.8 bad credentials',
      }),
    ).toMatchObject({ retryable: true });
    expect(
      classifySendError({ code: 'EENVELOPE', command: 'API', message: 'No recipients defined' }),
    ).toMatchObject({
      retryable: false,
    });
    expect(
      classifySendError({
        code: 'EENVELOPE',
        command: 'RCPT TO',
        responseCode: 503,
        response: '503 bad sequence',
      }),
    ).toMatchObject({ retryable: true });
    expect(classifySendError('weird')).toEqual({ retryable: true, reason: 'send failed: weird' });
  });
});

describe('mail configuration', () => {
  it('defaults to MailDev on 127.0.0.1:1025, the local sender, no SMS and the gateway origin of npm start', () => {
    expect(configWith({})).toMatchObject({
      SMTP_URL: 'smtp://127.0.0.1:1025',
      MAIL_FROM: 'Porównywarka pożyczek <no-reply@localhost>',
      SMS_TRANSPORT: 'none',
      PUBLIC_ORIGIN: 'http://localhost:3000',
    });
    expect(configWith({ PUBLIC_ORIGIN: 'https://example.pl/' }).PUBLIC_ORIGIN).toBe('https://example.pl');
  });

  it('requires SMTP_URL, MAIL_FROM and PUBLIC_ORIGIN in production and refuses the mail-catcher SMS there', () => {
    const production = { NODE_ENV: 'production', SMS_TRANSPORT: 'mail-catcher' };
    let message = '';
    try {
      configWith(production);
    } catch (error) {
      message = String(error);
    }
    expect(message).toContain('SMTP_URL is required in production');
    expect(message).toContain('MAIL_FROM is required in production');
    expect(message).toContain('PUBLIC_ORIGIN is required in production');
    expect(message).toContain('SMS_TRANSPORT="mail-catcher" mail-catcher is for local runs and tests only');
  });

  it('refuses a malformed SMTP_URL, MAIL_FROM or SMS_TRANSPORT, naming the variable', () => {
    expect(() => configWith({ SMTP_URL: 'http://mail:25' })).toThrow(
      /SMTP_URL="http:\/\/mail:25" must be a URL/,
    );
    expect(() => configWith({ MAIL_FROM: 'Firma, sp. z o.o. <a@b.pl>' })).toThrow(/MAIL_FROM=/);
    expect(() => configWith({ MAIL_FROM: 'nobody' })).toThrow(/MAIL_FROM="nobody"/);
    expect(() => configWith({ SMS_TRANSPORT: 'twilio' })).toThrow(
      /SMS_TRANSPORT="twilio" must be none or mail-catcher/,
    );
    expect(configWith({ MAIL_FROM: '"Firma, sp. z o.o." <no-reply@firma.pl>' }).MAIL_FROM).toBe(
      '"Firma, sp. z o.o." <no-reply@firma.pl>',
    );
  });
});
