/** A later decision to post to our callback URL from `dueAtMs` on, until it gets a final answer. */
export interface CallbackJob {
  deliveryId: string;
  lender: string;
  dueAtMs: number;
  /** The lead-status.v1 JSON, the same bytes on every attempt (only the signature's time changes). */
  body: string;
}

export interface CallbackQueue {
  schedule(job: CallbackJob): void;
}
