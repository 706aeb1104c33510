import {
  FRAUD_WARNING,
  INTERMEDIARY_NOTE,
  SMS_LENGTH,
  type MailContent,
  applicationConfirmation,
  contactConfirmation,
  escapeHtml,
  formatWarsawDateTime,
  formatZloty,
  selfServiceLink,
  selfServiceSms,
} from './messages';

const NBSP = '\u00a0';
const STATUS_URL = 'https://example.pl/wniosek/status/?t=abc.123';

const confirmation = (
  lenderCount: number,
  overrides: Partial<{ firstName: string; periodDays: number }> = {},
) =>
  applicationConfirmation({
    firstName: 'Anna',
    amountZloty: 2000,
    periodDays: 30,
    lenderCount,
    statusUrl: STATUS_URL,
    ...overrides,
  });

/** What every message carries, in both parts. */
function expectCommonParts(mail: MailContent) {
  for (const body of [mail.text, mail.html]) {
    expect(body).toContain('Pozdrawiamy');
    expect(body).toContain('Porównywarka pożyczek');
  }
  expect(mail.text).toContain(FRAUD_WARNING);
  expect(mail.text).toContain(INTERMEDIARY_NOTE);
  expect(mail.html).toContain(escapeHtml(FRAUD_WARNING));
  expect(mail.html).toContain(escapeHtml(INTERMEDIARY_NOTE));
  expect(mail.html).toMatch(/^<!doctype html>\n<html lang="pl">/);
  expect(mail.html).toContain(`<title>${escapeHtml(mail.subject)}</title>`);
}

describe('formatting', () => {
  it('writes whole złoty grouped from a thousand on, as the site does', () => {
    expect(formatZloty(500)).toBe(`500${NBSP}zł`);
    expect(formatZloty(2000)).toBe(`2${NBSP}000${NBSP}zł`);
    expect(formatZloty(15000)).toBe(`15${NBSP}000${NBSP}zł`);
  });

  it('writes instants in Warsaw time, winter and summer', () => {
    expect(formatWarsawDateTime(new Date('2026-03-03T13:05:00Z'))).toBe('3 marca 2026 r., godz. 14:05');
    // 22:30 UTC in July is already the next day in Warsaw (UTC+2).
    expect(formatWarsawDateTime(new Date('2026-07-01T22:30:00Z'))).toBe('2 lipca 2026 r., godz. 00:30');
    expect(() => formatWarsawDateTime(new Date('nonsense'))).toThrow(RangeError);
  });

  it('escapes the five HTML-significant characters', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});

describe('applicationConfirmation', () => {
  it('confirms the amount and period, names the lenders it goes to and links the status page', () => {
    const mail = confirmation(3);
    expect(mail.subject).toBe('Przyjęliśmy Twój wniosek o pożyczkę');
    expect(mail.text).toMatch(/^Dzień dobry, Anna!\n\n/);
    expect(mail.text).toContain(`Dziękujemy za wniosek o pożyczkę 2${NBSP}000${NBSP}zł na 30 dni.`);
    expect(mail.text).toContain('Twój wniosek przekazujemy do 3 pożyczkodawców.');
    expect(mail.text).toContain(`Stan wniosku sprawdzisz tutaj: ${STATUS_URL}`);
    expect(mail.html).toContain(`<a href="${escapeHtml(STATUS_URL)}">${escapeHtml(STATUS_URL)}</a>`);
    expectCommonParts(mail);
  });

  it.each([
    [1, 'do 1 pożyczkodawcy.'],
    [2, 'do 2 pożyczkodawców.'],
    [4, 'do 4 pożyczkodawców.'],
    [5, 'do 5 pożyczkodawców.'],
    [12, 'do 12 pożyczkodawców.'],
    [22, 'do 22 pożyczkodawców.'],
  ])('uses the Polish plural form for %i lenders', (count, phrase) => {
    expect(confirmation(count).text).toContain(`Twój wniosek przekazujemy ${phrase}`);
  });

  it.each([
    [1, 'na 1 dzień.'],
    [2, 'na 2 dni.'],
    [61, 'na 61 dni.'],
  ])('uses the Polish plural form for a period of %i days', (periodDays, phrase) => {
    expect(confirmation(2, { periodDays }).text).toContain(phrase);
  });

  it('says that no lender received an application matched only (no lender count)', () => {
    const mail = confirmation(0);
    expect(mail.text).toContain('żaden pożyczkodawca nie otrzymał Twoich danych');
    expect(mail.text).not.toContain('przekazujemy do');
    expect(mail.html).toContain('żaden pożyczkodawca nie otrzymał Twoich danych');
    expectCommonParts(mail);
  });

  it('escapes every value in the HTML and keeps the plain text as typed', () => {
    const name = '<script>alert("x")</script> & Co';
    const url = 'https://example.pl/status/?a=1&b="x"<y>';
    const mail = applicationConfirmation({
      firstName: name,
      amountZloty: 500,
      periodDays: 10,
      lenderCount: 1,
      statusUrl: url,
    });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('"x"');
    expect(mail.html).toContain('Dzień dobry, &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co!');
    expect(mail.html).toContain(`href="https://example.pl/status/?a=1&amp;b=&quot;x&quot;&lt;y&gt;"`);
    expect(mail.text).toContain(`Dzień dobry, ${name}!`);
  });

  it('puts a multi-line or blank name on one line, or greets without it', () => {
    expect(confirmation(1, { firstName: ' Anna\n  Maria ' }).text).toMatch(/^Dzień dobry, Anna Maria!\n/);
    expect(confirmation(1, { firstName: '   ' }).text).toMatch(/^Dzień dobry!\n/);
  });

  it('refuses a link that is not http(s) and a lender count that is not a count', () => {
    expect(() =>
      applicationConfirmation({
        firstName: 'Anna',
        amountZloty: 2000,
        periodDays: 30,
        lenderCount: 1,
        statusUrl: 'javascript:alert(1)',
      }),
    ).toThrow(RangeError);
    expect(() => confirmation(-1)).toThrow(RangeError);
    expect(() => confirmation(1.5)).toThrow(RangeError);
  });
});

describe('contactConfirmation', () => {
  it('says the message arrived (Warsaw time) and will be answered by e-mail, promising no time', () => {
    const mail = contactConfirmation({ name: 'Jan', receivedAt: new Date('2026-03-03T13:05:00Z') });
    expect(mail.subject).toBe('Otrzymaliśmy Twoją wiadomość');
    expect(mail.text).toMatch(/^Dzień dobry, Jan!\n\n/);
    expect(mail.text).toContain('3 marca 2026 r., godz. 14:05');
    expect(mail.text).toContain('odpowiemy na nią e-mailem');
    expect(mail.text).not.toMatch(/w ciągu|dni roboczych|godzin/);
    expectCommonParts(mail);
  });
});

describe('selfServiceLink', () => {
  it('links the self-service page, valid 24 hours and once, and says to ignore it when not asked for', () => {
    const url = 'https://example.pl/moje-dane/?t=Zm9vYmFy';
    const mail = selfServiceLink({ url, expiresAt: new Date('2026-03-04T13:05:00Z') });
    expect(mail.subject).toBe('Link do zarządzania Twoimi danymi');
    expect(mail.text).toContain(
      `wycofasz zgody, pobierzesz kopię swoich danych albo poprosisz o ich usunięcie: ${url}`,
    );
    expect(mail.text).toContain(
      'Link jest ważny 24 godziny (do 4 marca 2026 r., godz. 14:05) i działa tylko raz.',
    );
    expect(mail.text).toContain('Jeśli nie prosisz o ten link, zignoruj tę wiadomość: nic się nie zmieni.');
    expect(mail.html).toContain(`<a href="${url}">${url}</a>`);
    expectCommonParts(mail);
  });
});

describe('selfServiceSms', () => {
  /** The GSM 7-bit characters the text may use (a subset of the basic alphabet). */
  const GSM7 = /^[A-Za-z0-9 @$!"#%&'()*+,\-./:;<=>?_]*$/;

  it('fits one GSM 7-bit SMS with a link of up to 69 characters', () => {
    const url = 'https://www.porownywarka-pozyczek.pl/moje-dane/?t=0123456789abcdef012';
    expect(url).toHaveLength(69);
    const sms = selfServiceSms({ url });
    expect(sms).toContain(url);
    expect(sms).toMatch(GSM7);
    // 69 characters of link fill the SMS exactly.
    expect(sms).toHaveLength(SMS_LENGTH);
    expect(sms).toContain('24 h');
    expect(sms).toContain('zignoruj');
  });

  it('refuses a link that is not http(s)', () => {
    expect(() => selfServiceSms({ url: 'data:text/html,x' })).toThrow(RangeError);
  });
});
