import { traceHeaders } from '@lib/messaging';
import { type RawTrackingRecord } from '@lib/tracking';

/**
 * The W3C trace context of the request that accepted each tracking record. Records wait in the
 * delivery queue and leave in batches mixing several requests, so the context is taken when a
 * record is accepted and published with it (`traceparent` header): the events service's consumer
 * span then continues that request's trace.
 */
const acceptedIn = new WeakMap<RawTrackingRecord, Readonly<Record<string, string>>>();

/** Call while the accepting request's context is active. */
export function rememberTraceContext(records: readonly RawTrackingRecord[]): void {
  const headers = traceHeaders();
  if (Object.keys(headers).length === 0) return;
  for (const record of records) acceptedIn.set(record, headers);
}

/** The headers rememberTraceContext took for a record (none when it ran outside a trace). */
export function traceContextOf(record: RawTrackingRecord): Readonly<Record<string, string>> {
  return acceptedIn.get(record) ?? {};
}
