/**
 * What a page's form shows besides the page data, per request and never cached: the values sent
 * back after an error (an e-mail address among them), the errors by field, a message about the
 * whole submission, or the success notice. The feature that owns the form fills it (the comment
 * form today); the render pipeline only carries it to the components.
 */
export interface FormState {
  values?: Partial<Record<string, string>>;
  errors?: Partial<Record<string, string>>;
  message?: string;
  /** The submission was stored and awaits moderation. */
  pending?: boolean;
}

/**
 * Stands in a form's hidden idempotency-key input for a key made per response. Documents are
 * rendered once and sent many times (the HTML memo, ETags), so a key drawn while rendering would be
 * every visitor's; the renderer puts a fresh UUID v4 in place of each occurrence as it sends a
 * document (server/render/form-keys.ts). Not a UUID itself, so a slot that was never filled (a page
 * drawn in the browser) reads as "no key yet": the form's island or the gateway make one.
 */
export const FORM_KEY_SLOT = 'form-key-slot-7d1c0e5a';
