import { DELIVERY_ID_HEADER, SIGNATURE_HEADER } from '@lib/partner-delivery';

/** One signed POST of a callback body, as it goes on the wire. */
export interface SignedCallback {
  deliveryId: string;
  lender: string;
  body: string;
  signature: string;
}

export type CallbackOutcome = { kind: 'answered'; status: number } | { kind: 'failed'; message: string };

/** Which lender a callback comes from, so the receiver knows whose secret checks the signature. */
export const LENDER_HEADER = 'x-lender';

/** One callback POST gives up after this long; the dispatcher tries again later. */
const CALLBACK_TIMEOUT_MS = 5_000;

/** Posts one signed callback to `url`; every failure is an outcome, never a throw. */
export async function postCallback(
  url: string,
  callback: SignedCallback,
  stop: AbortSignal,
): Promise<CallbackOutcome> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [SIGNATURE_HEADER]: callback.signature,
        [DELIVERY_ID_HEADER]: callback.deliveryId,
        [LENDER_HEADER]: callback.lender,
      },
      body: callback.body,
      signal: AbortSignal.any([stop, AbortSignal.timeout(CALLBACK_TIMEOUT_MS)]),
    });
    // The body is read (and dropped) so the connection can be reused.
    await response.arrayBuffer().catch(() => undefined);
    return { kind: 'answered', status: response.status };
  } catch (error) {
    return { kind: 'failed', message: (error as Error).message };
  }
}
