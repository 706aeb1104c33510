import { type LeadFormField } from '../../app/components/lead-form';

/** The partner programme page's address; the enquiry form posts to it. */
export const PARTNERS_PATH = '/wspolpraca/';
export const SENT_QUERY = 'wyslano';
export const SENT_VALUE = 'tak';
export const PARTNERS_SENT_HREF = `${PARTNERS_PATH}?${SENT_QUERY}=${SENT_VALUE}`;

export const PARTNERS_TEXTS = {
  sent: 'Dziękujemy za zgłoszenie. Opiekun programu partnerskiego odpisze na podany adres e-mail w ciągu trzech dni roboczych.',
} as const;

/** The partner enquiry; the limits are the leads service's. */
export const PARTNER_FIELDS: readonly LeadFormField[] = [
  {
    name: 'company',
    label: 'Nazwa firmy',
    kind: 'text',
    maxLength: 200,
    required: true,
    autoComplete: 'organization',
  },
  {
    name: 'name',
    label: 'Osoba do kontaktu',
    kind: 'text',
    maxLength: 100,
    required: true,
    autoComplete: 'name',
  },
  { name: 'email', label: 'E-mail', kind: 'email', maxLength: 254, required: true, autoComplete: 'email' },
  { name: 'phone', label: 'Telefon', kind: 'tel', maxLength: 32, autoComplete: 'tel' },
  {
    name: 'website',
    label: 'Adres strony',
    kind: 'url',
    maxLength: 200,
    autoComplete: 'url',
    hint: 'Zaczynający się od https:// lub http://.',
  },
  {
    name: 'traffic_sources',
    label: 'Źródła ruchu',
    kind: 'textarea',
    maxLength: 1000,
    hint: 'Skąd pochodzą Twoi odbiorcy: strony, media społecznościowe, newsletter, kampanie płatne…',
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
