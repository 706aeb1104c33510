import { Injectable } from '@nestjs/common';
import {
  DELIVERY_ID_HEADER,
  type DeliveryLender,
  IDEMPOTENCY_KEY_HEADER,
  type LeadDelivery,
  MAX_MESSAGE_BYTES,
  SIGNATURE_HEADER,
  signBody,
} from '@lib/partner-delivery';
import { type AttemptResult } from '../domain/delivery-outcome';

/**
 * POSTs one signed delivery to a lender's endpoint within the lender's timeout. Never throws: what
 * happened (an answer, a timeout, no connection) is the result, judged by the caller.
 */
@Injectable()
export class LenderClient {
  async deliver(lender: DeliveryLender, delivery: LeadDelivery, now: Date): Promise<AttemptResult> {
    const body = JSON.stringify(delivery);
    try {
      const response = await fetch(lender.endpoint, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [SIGNATURE_HEADER]: signBody(lender.secret, body, now.getTime() / 1000),
          [DELIVERY_ID_HEADER]: delivery.deliveryId,
          [IDEMPOTENCY_KEY_HEADER]: delivery.deliveryId,
        },
        body,
        redirect: 'error',
        signal: AbortSignal.timeout(lender.timeoutMs),
      });
      return { kind: 'answered', status: response.status, body: await readCapped(response) };
    } catch (error) {
      const err = error as Error & { cause?: { code?: string; message?: string } };
      if (err.name === 'TimeoutError' || err.name === 'AbortError') return { kind: 'timeout' };
      return { kind: 'network', message: err.cause?.code ?? err.cause?.message ?? err.message };
    }
  }
}

/** The answer's text, at most MAX_MESSAGE_BYTES (a lender's error page is not stored whole). */
async function readCapped(response: Response): Promise<string> {
  if (!response.body) return '';
  const reader: ReadableStreamDefaultReader<Uint8Array> = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
    if (size >= MAX_MESSAGE_BYTES) {
      await reader.cancel();
      break;
    }
  }
  return Buffer.concat(chunks).subarray(0, MAX_MESSAGE_BYTES).toString('utf8');
}
