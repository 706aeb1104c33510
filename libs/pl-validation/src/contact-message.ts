import { z } from 'zod';
import { isEmail, normalizeEmail } from './email';
import { HIDDEN_CHARACTERS_MESSAGE, hasHiddenCharacters } from './names';
import { normalizePolishPhone } from './phone';

/** Visitor-facing messages, one per rule. */
export const MESSAGES = {
  email: 'Wprowadź prawidłowy adres e-mail',
  phone: 'Wprowadź prawidłowy numer telefonu',
  name: 'Podaj imię i nazwisko (od 2 do 100 znaków)',
  message: 'Wiadomość powinna mieć od 10 do 5000 znaków',
  html: 'Usuń znaczniki HTML z treści',
} as const;

// Control characters have no place in a name; \p{Cc} is Unicode's "control" category.
const CONTROL_CHARS = /\p{Cc}/u;
const HTML_TAG = /<\/?[a-zA-Z][^>]*>/;

/** Contact form (name, email, phone, message); phone is optional, and valid when given. */
export const contactMessageSchema = z.object({
  name: z
    .string()
    .trim()
    .min(2, MESSAGES.name)
    .max(100, MESSAGES.name)
    .refine((v) => !CONTROL_CHARS.test(v) && !HTML_TAG.test(v), MESSAGES.name)
    .refine((v) => !hasHiddenCharacters(v), HIDDEN_CHARACTERS_MESSAGE),
  email: z.string().trim().max(254, MESSAGES.email).refine(isEmail, MESSAGES.email).transform(normalizeEmail),
  phone: z
    .string()
    .trim()
    .max(32, MESSAGES.phone)
    .transform((value, ctx) => {
      if (value === '') return undefined;
      const phone = normalizePolishPhone(value);
      if (!phone) ctx.addIssue({ code: 'custom', message: MESSAGES.phone });
      return phone;
    }),
  message: z
    .string()
    .trim()
    .min(10, MESSAGES.message)
    .max(5000, MESSAGES.message)
    .refine((v) => !HTML_TAG.test(v), MESSAGES.html),
});

export type ContactMessageInput = z.output<typeof contactMessageSchema>;
