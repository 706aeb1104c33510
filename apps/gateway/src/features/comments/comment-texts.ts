/**
 * What the visitor reads around the comment form, and the names the form and the API share.
 * The field rules live in the content service (SubmitComment answers with field violations); the
 * words the visitor reads are the gateway's own, here.
 */
export const COMMENT_TEXTS = {
  pending: 'Dziękujemy! Twój komentarz czeka na moderację i pojawi się po zatwierdzeniu.',
  rateLimited:
    'Dodajesz komentarze zbyt często. Spróbuj ponownie za kilka minut – Twój tekst został w formularzu.',
  /**
   * Any failure after the post reached us (timeout, outage, a broken answer): the comment may or
   * may not be stored. Sending the same form again is safe: it carries the same idempotency key.
   */
  uncertain:
    'Nie wiemy na pewno, czy komentarz do nas dotarł – serwer nie odpowiedział na czas. Wyślij go jeszcze raz: jeśli już go mamy, nie pojawi się podwójnie. Twój tekst został w formularzu.',
  offline:
    'Nie udało się połączyć z serwerem. Sprawdź połączenie z internetem i wyślij komentarz jeszcze raz – nie pojawi się podwójnie.',
  fixFields: 'Popraw zaznaczone pola i wyślij komentarz ponownie.',
  badField: 'Nieprawidłowa wartość pola.',
  /** The content service holds the form's key for another comment, also after a new key was tried. */
  keyReused:
    'Ten formularz został już wysłany z innym komentarzem. Skopiuj swój tekst i odśwież stronę, aby dodać nowy komentarz.',
  /** SubmitComment refused `replyTo`: the comment answered is not (or no longer) published under this page. */
  replyGone:
    'Komentarz, na który odpowiadasz, nie jest już widoczny. Dodaj swój tekst jako nowy komentarz pod artykułem.',
  unknownPage: 'Nie wiemy, pod którą stroną dodać komentarz. Odśwież stronę i spróbuj ponownie.',
  /** SubmitComment answered NOT_FOUND: no page under this address takes comments. */
  notCommentable:
    'Pod tym adresem nie ma strony, którą można komentować. Skopiuj swój tekst, zanim opuścisz tę stronę.',
  sending: 'Wysyłanie…',
  badBody: 'Nie udało się odczytać formularza. Odśwież stronę i spróbuj ponownie.',
  crossOrigin:
    'Formularz został wysłany spoza naszej strony. Otwórz stronę ponownie i wyślij go jeszcze raz.',
  tooLarge: 'Komentarz jest zbyt długi, by go przyjąć (najwyżej 5000 znaków). Skróć go i wyślij ponownie.',
} as const;

/** Where the form posts (plain form or fetch). */
export const COMMENTS_ENDPOINT = '/api/comments';
/** Anchor of the comments section and of the form; the redirect after posting lands on it. */
export const COMMENTS_ANCHOR = 'komentarze';
export const COMMENT_FORM_ANCHOR = 'formularz-komentarza';

/** Query parameters the comment section reads (links work without JavaScript). */
export const COMMENT_QUERY = {
  sort: 'komentarze',
  page: 'komentarze-strona',
  replyTo: 'odpowiedz',
  /** Set by the redirect after a stored comment: `?komentarz=oczekuje`. */
  notice: 'komentarz',
} as const;
export const SORT_VALUES = { newer: 'nowsze', older: 'starsze' } as const;
export const PENDING_NOTICE = 'oczekuje';

/** Form field names, identical in the urlencoded form and the JSON body. */
export const FIELD = {
  pagePath: 'page_path',
  name: 'name',
  email: 'email',
  text: 'text',
  rating: 'rating',
  replyTo: 'reply_to',
  sessionId: 'session_id',
  /**
   * The submission's idempotency key (UUID v4), hidden: the same on every retry of one
   * submission, so the content service stores it once however often it arrives.
   */
  idempotencyKey: 'idempotency_key',
  /** The honeypot: people never see it, form-filling bots do. */
  trap: 'website',
} as const;

/** Fields with an input of their own; errors of any other field are shown above the form. */
export const VISIBLE_FIELDS = [FIELD.name, FIELD.email, FIELD.text, FIELD.rating] as const;
export type VisibleField = (typeof VISIBLE_FIELDS)[number];

export const isVisibleField = (field: string): field is VisibleField =>
  (VISIBLE_FIELDS as readonly string[]).includes(field);
