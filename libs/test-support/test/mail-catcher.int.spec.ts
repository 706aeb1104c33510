import { connect } from 'node:net';
import { createTransport } from 'nodemailer';
import { startMailCatcher } from '../src/mail-catcher';

/** True while something accepts TCP connections on the URL's port. */
const listening = (url: string) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ host: '127.0.0.1', port: Number(new URL(url).port) });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

describe('startMailCatcher (MailDev in the test process)', () => {
  it('catches what is sent to smtpUrl, lists it through the REST API, forgets it on clear() and frees its ports on stop()', async () => {
    const catcher = await startMailCatcher();
    const smtp = new URL(catcher.smtpUrl);
    const client = createTransport({ host: smtp.hostname, port: Number(smtp.port), secure: false });
    try {
      expect(catcher.smtpUrl).toMatch(/^smtp:\/\/127\.0\.0\.1:\d+$/);
      expect(catcher.webUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(await catcher.messages()).toEqual([]);

      await client.sendMail({
        from: 'Nadawca <nadawca@example.pl>',
        to: 'odbiorca@example.pl',
        subject: 'Zażółć gęślą jaźń',
        text: 'Treść',
        messageId: '<abc-1@example.pl>',
      });
      const caught = await catcher.waitFor((m) => m.subject === 'Zażółć gęślą jaźń');
      expect(caught).toMatchObject({
        messageId: 'abc-1@example.pl',
        to: [{ address: 'odbiorca@example.pl' }],
        from: [{ address: 'nadawca@example.pl', name: 'Nadawca' }],
      });
      expect(caught.text?.trim()).toBe('Treść');
      expect(caught.headers['message-id']).toBe('<abc-1@example.pl>');

      await catcher.clear();
      expect(await catcher.messages()).toEqual([]);
      await expect(catcher.waitFor(() => true, 300)).rejects.toThrow(
        /no matching mail within 300 ms; caught: none/,
      );
    } finally {
      client.close();
      await catcher.stop();
    }
    expect(await listening(catcher.smtpUrl)).toBe(false);
    expect(await listening(catcher.webUrl)).toBe(false);
  });

  it('runs one at a time, and a new one after stop() starts empty', async () => {
    const first = await startMailCatcher();
    const smtp = new URL(first.smtpUrl);
    const client = createTransport({ host: smtp.hostname, port: Number(smtp.port), secure: false });
    try {
      await expect(startMailCatcher()).rejects.toThrow(/already running/);
      await client.sendMail({ from: 'a@example.pl', to: 'b@example.pl', subject: 'pierwszy', text: 'x' });
      await first.waitFor((m) => m.subject === 'pierwszy');
    } finally {
      client.close();
      await first.stop();
    }
    const second = await startMailCatcher();
    try {
      expect(await second.messages()).toEqual([]);
    } finally {
      await second.stop();
    }
  });
});
