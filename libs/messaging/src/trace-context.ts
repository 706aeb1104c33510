import {
  context,
  type Context,
  isSpanContextValid,
  type Link,
  propagation,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  type TextMapGetter,
  trace,
} from '@opentelemetry/api';
import { type IncomingMessage, type MessageBatch } from './messaging';

/** W3C Trace Context header names (https://www.w3.org/TR/trace-context/). */
export const TRACE_HEADERS = ['traceparent', 'tracestate'] as const;

const tracer = () => trace.getTracer('@lib/messaging');

const headersGetter: TextMapGetter<Readonly<Record<string, string>>> = {
  keys: (carrier) => Object.keys(carrier),
  get: (carrier, key) => carrier[key],
};

/**
 * The trace context of `ctx` (the active one by default) as message headers: `traceparent` and,
 * when set, `tracestate`. Empty when there is no valid span. A caller that queues records before
 * publishing them takes these when it accepts a record, so the record joins the request's trace.
 */
export function traceHeaders(ctx: Context = context.active()): Record<string, string> {
  const carrier: Record<string, string> = {};
  propagation.inject(ctx, carrier);
  return carrier;
}

/**
 * Headers of an outgoing record: the caller's own, plus the active trace context unless the caller
 * already set a `traceparent` (taken earlier with traceHeaders()).
 */
export function withTraceHeaders(
  headers: Readonly<Record<string, string>> | undefined,
): Record<string, string> | undefined {
  if (headers?.['traceparent']) return { ...headers };
  const injected = traceHeaders();
  if (Object.keys(injected).length === 0) return headers ? { ...headers } : undefined;
  return { ...headers, ...injected };
}

/**
 * Sends records inside one PRODUCER span `send <topic>` per record (OpenTelemetry messaging
 * conventions), each a child of the record's own trace context when the caller set a `traceparent`
 * (a record accepted by an earlier request, published later in a batch), else of the active
 * context; the record then carries its producer span as `traceparent`. Records outside any trace
 * get no span and no header. (The kafkajs auto-instrumentation is not loaded: it would parent every
 * record on whatever context the send happens in and overwrite the caller's traceparent.)
 */
export async function sendWithProducerSpans<M extends { headers?: Readonly<Record<string, string>> }>(
  topic: string,
  messages: readonly M[],
  send: (traced: (Omit<M, 'headers'> & { headers: Record<string, string> | undefined })[]) => Promise<void>,
): Promise<void> {
  const spans: Span[] = [];
  const traced = messages.map((message) => {
    const parent = message.headers?.['traceparent']
      ? propagation.extract(ROOT_CONTEXT, message.headers, headersGetter)
      : context.active();
    const parentSpan = trace.getSpanContext(parent);
    if (!parentSpan || !isSpanContextValid(parentSpan))
      return { ...message, headers: message.headers ? { ...message.headers } : undefined };
    const span = tracer().startSpan(
      `send ${topic}`,
      {
        kind: SpanKind.PRODUCER,
        attributes: {
          'messaging.system': 'kafka',
          'messaging.operation.type': 'send',
          'messaging.operation.name': 'send',
          'messaging.destination.name': topic,
        },
      },
      parent,
    );
    spans.push(span);
    return { ...message, headers: { ...message.headers, ...traceHeaders(trace.setSpan(parent, span)) } };
  });
  try {
    await send(traced);
  } catch (error) {
    for (const span of spans)
      span.setStatus({
        code: SpanStatusCode.ERROR,
        message: error instanceof Error ? error.message : String(error),
      });
    throw error;
  } finally {
    for (const span of spans) span.end();
  }
}

/** The producer's context carried by a consumed record (ROOT_CONTEXT when it carries none). */
export function extractTraceContext(message: Pick<IncomingMessage, 'headers'>): Context {
  return propagation.extract(ROOT_CONTEXT, message.headers, headersGetter);
}

const producerSpanContext = (message: IncomingMessage) => {
  const spanContext = trace.getSpanContext(extractTraceContext(message));
  return spanContext && isSpanContextValid(spanContext) ? spanContext : undefined;
};

/** At most this many links per processing span (a batch can hold thousands of records). */
const MAX_LINKS = 128;

/**
 * Runs `work` for a consumed batch inside a CONSUMER span `process <topic>` (OpenTelemetry messaging
 * conventions). The span is a child of the first record's producer context (so a batch of one
 * record, the usual case at low traffic, continues the producer's trace: gateway request → Kafka →
 * this consumer → PostgreSQL), and links to the producer context of every record of the batch.
 */
export async function withBatchSpan<T>(
  batch: MessageBatch,
  groupId: string,
  work: () => Promise<T>,
): Promise<T> {
  const producers = batch.messages.map(producerSpanContext).filter((c) => c !== undefined);
  const links: Link[] = producers.slice(0, MAX_LINKS).map((spanContext) => ({ context: spanContext }));
  const parent = producers[0] ? trace.setSpanContext(ROOT_CONTEXT, producers[0]) : ROOT_CONTEXT;
  const span: Span = tracer().startSpan(
    `process ${batch.topic}`,
    {
      kind: SpanKind.CONSUMER,
      links,
      attributes: {
        'messaging.system': 'kafka',
        'messaging.operation.type': 'process',
        'messaging.operation.name': 'process',
        'messaging.destination.name': batch.topic,
        'messaging.destination.partition.id': String(batch.partition),
        'messaging.consumer.group.name': groupId,
        'messaging.batch.message_count': batch.messages.length,
        ...(batch.messages[0] ? { 'messaging.kafka.offset': Number(batch.messages[0].offset) } : {}),
      },
    },
    parent,
  );
  try {
    return await context.with(trace.setSpan(parent, span), work);
  } catch (error) {
    span.recordException(error instanceof Error ? error : String(error));
    span.setStatus({
      code: SpanStatusCode.ERROR,
      message: error instanceof Error ? error.message : String(error),
    });
    throw error;
  } finally {
    span.end();
  }
}
