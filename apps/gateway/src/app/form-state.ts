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
