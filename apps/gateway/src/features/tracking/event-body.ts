/**
 * Reads the body of POST /api/event: one event or a batch, checked with the event catalogue's
 * schema (@lib/tracking: shape, types, lengths) and rules (known event id, fixed and required
 * sub-fields, field index). Pure: the handler maps the answer to 400 / 413.
 */
import { type BrowserEvent, browserEventSchema, checkEventFields, TRACKING_LIMITS } from '@lib/tracking';
import { type z } from 'zod';

export type EventBody =
  { ok: true; events: BrowserEvent[] } | { ok: false; status: 400 | 413; field: string; message: string };

const refuse = (status: 400 | 413, field: string, message: string): EventBody => ({
  ok: false,
  status,
  field,
  message,
});

/** 'event_id', or 'events[3].sub8' in a batch. */
function fieldName(index: number | undefined, path: readonly PropertyKey[]): string {
  const inner = path.map(String).join('.');
  if (index === undefined) return inner || 'body';
  return inner ? `events[${index}].${inner}` : `events[${index}]`;
}

function firstIssue(error: z.ZodError, index: number | undefined): EventBody {
  const issue = error.issues[0];
  const path =
    issue?.code === 'unrecognized_keys' ? [...issue.path, issue.keys[0] ?? ''] : (issue?.path ?? []);
  const field = fieldName(index, path);
  return refuse(400, field, `${field}: ${issue?.message ?? 'invalid'}`);
}

function checkOne(
  value: unknown,
  index: number | undefined,
): { event: BrowserEvent } | { refused: EventBody } {
  const parsed = browserEventSchema.safeParse(value);
  if (!parsed.success) return { refused: firstIssue(parsed.error, index) };
  const event = parsed.data;
  const broken = checkEventFields(event.event_id, event);
  if (broken) {
    // The catalogue's reason starts with the field it is about ('sub8 must …', 'event_id 9 is …').
    const field = fieldName(index, [/^(\w+)/.exec(broken)?.[1] ?? 'event_id']);
    return { refused: refuse(400, field, `${fieldName(index, [])}: ${broken}`.replace(/^body: /, '')) };
  }
  return { event };
}

/** The events of a body's text; 400 for broken JSON or a bad field (named), 413 for too many events. */
export function parseEventBody(text: string): EventBody {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return refuse(400, 'body', 'body must be JSON: one event object or an array of events');
  }
  if (Array.isArray(json)) {
    if (json.length > TRACKING_LIMITS.batch)
      return refuse(413, 'body', `at most ${TRACKING_LIMITS.batch} events per request`);
    if (json.length === 0) return refuse(400, 'body', 'the batch holds no event');
    const events: BrowserEvent[] = [];
    for (const [index, value] of json.entries()) {
      const checked = checkOne(value, index);
      if ('refused' in checked) return checked.refused;
      events.push(checked.event);
    }
    return { ok: true, events };
  }
  const checked = checkOne(json, undefined);
  return 'refused' in checked ? checked.refused : { ok: true, events: [checked.event] };
}
