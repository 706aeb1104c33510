import { type LeadFormField } from '../../app/components/lead-form';

/** The page where a person asks for the link to their data; the form posts to it. */
export const UNSUBSCRIBE_PATH = '/unsubscribe/';
/** The confirmation after a link was asked for: `/unsubscribe/?wyslano=email|sms` (shared, the same for every address). */
export const SENT_QUERY = 'wyslano';
/** The form again with the notice that no SMS can go out now: `/unsubscribe/?sms=niedostepny` (drawn per visitor). */
export const SMS_QUERY = 'sms';
export const SMS_UNAVAILABLE_VALUE = 'niedostepny';
export const SMS_UNAVAILABLE_HREF = `${UNSUBSCRIBE_PATH}?${SMS_QUERY}=${SMS_UNAVAILABLE_VALUE}`;
/** The one field: an e-mail address or a phone number. */
export const ADDRESS_FIELD = 'adres';

/** How the link went out, as the confirmation names it. */
export type LinkSent = 'email' | 'sms';

export const sentHref = (sent: LinkSent) => `${UNSUBSCRIBE_PATH}?${SENT_QUERY}=${sent}`;

/** The confirmation a `?wyslano=` value asks for; null for anything else (the form). */
export function linkSentOf(value: string | null): LinkSent | null {
  return value === 'email' || value === 'sms' ? value : null;
}

export const UNSUBSCRIBE_TEXTS = {
  sentEmail:
    'Jeśli mamy dane powiązane z tym adresem, wysłaliśmy na niego link do zarządzania danymi. Link jest ważny 24 godziny i działa jeden raz.',
  sentSms:
    'Jeśli mamy dane powiązane z tym numerem, wysłaliśmy na niego SMS z linkiem do zarządzania danymi. Link jest ważny 24 godziny i działa jeden raz.',
  smsUnavailable:
    'Nie możemy teraz wysłać SMS-a. Podaj adres e-mail wpisany we wniosku – wyślemy link na niego. Możesz też napisać do nas przez formularz kontaktowy.',
} as const;

/** What the visitor reads after asking for the link, by how it went out. */
export const sentText = (sent: LinkSent): string =>
  sent === 'sms' ? UNSUBSCRIBE_TEXTS.sentSms : UNSUBSCRIBE_TEXTS.sentEmail;

/**
 * RequestSelfServiceLink's subject from the one field: exactly one of e-mail and phone. Anything
 * with an '@' or a letter is meant as an e-mail (so a mistyped address gets the e-mail message),
 * anything else as a phone number; the leads service checks either and answers field violations.
 */
export function linkSubject(typed: string): { email: string; phone: string } {
  const value = typed.trim();
  return /[@\p{L}]/u.test(value) ? { email: value, phone: '' } : { email: '', phone: value };
}

export const UNSUBSCRIBE_FIELDS: readonly LeadFormField[] = [
  {
    name: ADDRESS_FIELD,
    label: 'Adres e-mail lub numer telefonu',
    kind: 'text',
    maxLength: 254,
    required: true,
    autoComplete: 'email',
    hint: 'Ten sam, który jest we wniosku albo w wiadomości do nas, np. anna.kowalska@example.pl lub 600\u00a0123\u00a0456.',
  },
];
