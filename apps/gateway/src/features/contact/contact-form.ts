import { type LeadFormField } from '../../app/components/lead-form';

/** The contact page's address; the form posts to it. */
export const CONTACT_PATH = '/kontakt/';
/** The confirmation after a plain (no-JavaScript) post: `/kontakt/?wyslano=tak`. */
export const SENT_QUERY = 'wyslano';
export const SENT_VALUE = 'tak';
export const CONTACT_SENT_HREF = `${CONTACT_PATH}?${SENT_QUERY}=${SENT_VALUE}`;

export const CONTACT_TEXTS = {
  sent: 'Dziękujemy, Twoja wiadomość do nas dotarła. Odpowiemy na podany adres e-mail najpóźniej w ciągu dwóch dni roboczych.',
} as const;

/** The contact form: the limits are the leads service's (@lib/pl-validation). */
export const CONTACT_FIELDS: readonly LeadFormField[] = [
  {
    name: 'name',
    label: 'Imię i nazwisko',
    kind: 'text',
    maxLength: 100,
    required: true,
    autoComplete: 'name',
  },
  { name: 'email', label: 'E-mail', kind: 'email', maxLength: 254, required: true, autoComplete: 'email' },
  {
    name: 'phone',
    label: 'Telefon',
    kind: 'tel',
    maxLength: 32,
    autoComplete: 'tel',
    hint: 'Numer komórkowy lub stacjonarny, np. 600\u00a0123\u00a0456.',
  },
  {
    name: 'message',
    label: 'Wiadomość',
    kind: 'textarea',
    maxLength: 5000,
    required: true,
    hint: 'Od 10 do 5000 znaków.',
  },
];
