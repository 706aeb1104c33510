import { plural } from '@lib/currencies';
import { SITE_TIME_ZONE } from '@lib/pl-calendar';
import { formatDateTimeLong, formatZloty as formatPolishZloty } from '@lib/pl-format';

/*
 * The messages the leads service sends, in Polish: each template returns the subject, the plain
 * text and the HTML of one e-mail, built from the same paragraphs so the two never say different
 * things. Every value put into the HTML is escaped; a link must be http(s). No I/O: the outbox
 * stores what these return and the transport sends it.
 */

/** One e-mail, ready for the transport. */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

/** A piece of a paragraph: plain text, or a link shown as its address. */
type Part = string | { href: string };

interface Paragraph {
  parts: Part[];
  /** Small print (the warning and the note at the end). */
  small?: boolean;
}

const SITE_NAME = 'Porównywarka pożyczek';

/**
 * What we never ask for, said in every message against phishing. The applicant may have agreed to
 * e-mail, SMS and telephone contact, so it never says that we do not call: only people who agreed
 * to it are called, and no message or call of ours asks for any of these (the site's footer says
 * the same, with the operator's domain and number).
 */
export const FRAUD_WARNING =
  'Uwaga na oszustów: nigdy nie prosimy o hasła do bankowości, kody z SMS-ów, dane karty płatniczej ' +
  'ani o wpłaty i nie każemy instalować aplikacji do zdalnego dostępu. Dzwonimy wyłącznie do osób, ' +
  'które zgodziły się na kontakt telefoniczny. Jeśli ktoś podaje się za nas i prosi o którąś z tych ' +
  'rzeczy, przerwij rozmowę i niczego nie przekazuj.';

/** What we are: an intermediary, never the lender. */
export const INTERMEDIARY_NOTE =
  `${SITE_NAME} jest pośrednikiem, a nie pożyczkodawcą: nie udziela pożyczek ani nie decyduje ` +
  'o ich przyznaniu. Decyzję podejmuje pożyczkodawca.';

const SIGNATURE = ['Pozdrawiamy', `Zespół serwisu ${SITE_NAME}`];

// ---- formatting -------------------------------------------------------------------------------

/** Whole złoty as the site writes them (@lib/pl-format): 2000 → '2 000 zł', no-break spaces. */
export function formatZloty(amountZloty: number): string {
  return formatPolishZloty(amountZloty);
}

/** An instant as a Warsaw date and time, as prose dates it: '3 marca 2026 r., godz. 14:05'. */
export function formatWarsawDateTime(instant: Date): string {
  return formatDateTimeLong(instant, { code: 'pl-PL', timezone: SITE_TIME_ZONE });
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

/** Only http(s) links go into a message; anything else is a bug of the caller. */
function checkedUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new RangeError('a link in a message must be an absolute http(s) URL');
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')
    throw new RangeError('a link in a message must be an absolute http(s) URL');
  return url;
}

/** Names come from forms: one line, no surrounding blanks, at most 100 characters. */
function oneLine(value: string): string {
  return value.replace(/\s+/g, ' ').trim().slice(0, 100);
}

function render(subject: string, greeting: string, body: Paragraph[]): MailContent {
  const paragraphs: Paragraph[] = [
    { parts: [greeting] },
    ...body,
    { parts: [SIGNATURE.join('\n')] },
    { parts: [FRAUD_WARNING], small: true },
    { parts: [INTERMEDIARY_NOTE], small: true },
  ];
  const text = paragraphs
    .map((p) => p.parts.map((part) => (typeof part === 'string' ? part : part.href)).join(''))
    .join('\n\n');
  const htmlParagraphs = paragraphs.map((p) => {
    const inner = p.parts
      .map((part) =>
        typeof part === 'string'
          ? escapeHtml(part).replace(/\n/g, '<br>')
          : `<a href="${escapeHtml(part.href)}">${escapeHtml(part.href)}</a>`,
      )
      .join('');
    return p.small ? `<p style="font-size:13px;color:#555555">${inner}</p>` : `<p>${inner}</p>`;
  });
  const html =
    '<!doctype html>\n<html lang="pl">\n<head><meta charset="utf-8">' +
    `<title>${escapeHtml(subject)}</title></head>\n` +
    '<body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1a1a1a">\n' +
    `${htmlParagraphs.join('\n')}\n</body>\n</html>\n`;
  return { subject, text, html };
}

const hello = (name: string) => {
  const clean = oneLine(name);
  return clean ? `Dzień dobry, ${clean}!` : 'Dzień dobry!';
};

// ---- the messages -----------------------------------------------------------------------------

export interface ApplicationConfirmationInput {
  firstName: string;
  amountZloty: number;
  periodDays: number;
  /** Lenders the application is passed to; 0: it was matched to offers only, sent to none. */
  lenderCount: number;
  /** The status page of this application. */
  statusUrl: string;
}

/** After a submit: what was asked for, to how many lenders it goes, and where to follow it. */
export function applicationConfirmation(input: ApplicationConfirmationInput): MailContent {
  const { amountZloty, periodDays, lenderCount } = input;
  if (!Number.isInteger(lenderCount) || lenderCount < 0)
    throw new RangeError('lenderCount must be a whole number, 0 or more');
  const period = `${periodDays} ${plural(periodDays, 'dzień', 'dni', 'dni')}`;
  const passedOn: Paragraph =
    lenderCount === 0
      ? {
          parts: [
            'Wniosek dopasowaliśmy do ofert, ale nie przekazaliśmy go dalej: żaden pożyczkodawca ' +
              'nie otrzymał Twoich danych.',
          ],
        }
      : {
          parts: [
            `Twój wniosek przekazujemy do ${lenderCount} ` +
              `${plural(lenderCount, 'pożyczkodawcy', 'pożyczkodawców', 'pożyczkodawców')}. ` +
              'Każdy z nich sam ocenia wniosek i sam kontaktuje się z Tobą w sprawie swojej oferty.',
          ],
        };
  return render('Przyjęliśmy Twój wniosek o pożyczkę', hello(input.firstName), [
    { parts: [`Dziękujemy za wniosek o pożyczkę ${formatZloty(amountZloty)} na ${period}.`] },
    passedOn,
    { parts: ['Stan wniosku sprawdzisz tutaj: ', { href: checkedUrl(input.statusUrl) }] },
  ]);
}

export interface ContactConfirmationInput {
  name: string;
  receivedAt: Date;
}

/** After the contact form: we have the message and will answer by e-mail (no promised time). */
export function contactConfirmation(input: ContactConfirmationInput): MailContent {
  return render('Otrzymaliśmy Twoją wiadomość', hello(input.name), [
    {
      parts: [
        `Dziękujemy za wiadomość wysłaną przez formularz kontaktowy ${formatWarsawDateTime(input.receivedAt)}. ` +
          'Otrzymaliśmy ją i odpowiemy na nią e-mailem.',
      ],
    },
  ]);
}

export interface SelfServiceLinkInput {
  /** The one-time link to the self-service page. */
  url: string;
  expiresAt: Date;
}

/** The link to manage one's data (withdraw consents, download, erase): 24 hours, once. */
export function selfServiceLink(input: SelfServiceLinkInput): MailContent {
  return render('Link do zarządzania Twoimi danymi', 'Dzień dobry!', [
    {
      parts: [
        'Pod tym linkiem wycofasz zgody, pobierzesz kopię swoich danych albo poprosisz o ich usunięcie: ',
        { href: checkedUrl(input.url) },
      ],
    },
    {
      parts: [`Link jest ważny 24 godziny (do ${formatWarsawDateTime(input.expiresAt)}) i działa tylko raz.`],
    },
    {
      parts: ['Jeśli nie prosisz o ten link, zignoruj tę wiadomość: nic się nie zmieni.'],
    },
  ]);
}

/** Characters of one SMS in the GSM 7-bit alphabet; the text below leaves 69 of them for the link. */
export const SMS_LENGTH = 160;

/**
 * The same link by SMS: GSM 7-bit characters only (no diacritics, which would cut one SMS to 70
 * characters), one message for a link of up to 69 characters; a longer one makes two.
 */
export function selfServiceSms(input: { url: string }): string {
  return `Porownywarka pozyczek: Twoje dane: ${checkedUrl(input.url)} Link wazny 24 h, dziala raz. Jesli to nie Ty, zignoruj.`;
}
