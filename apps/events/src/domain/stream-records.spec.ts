import { isUuidV4 } from '@lib/pl-validation';
import { enrichTrackingEvent } from './enrichment';
import {
  cleanRecordOf,
  DEAD_LETTER_VALUE_CHARS,
  deadLetterOf,
  ingestIdOfRecord,
  readRawRecord,
} from './stream-records';
import { validateTrackingEvent } from './tracking-event';

const raw = {
  event_id: 5,
  sub4: 'pageView',
  session_id: '0B7E8C1A2F4D4E6B9A1C3D5E7F9A1B2C',
  client_id: '',
  received_at: '2026-11-20T10:00:00.000Z',
  ingest_id: '9c1d2e3f-4a5b-4c6d-8e7f-a0b1c2d3e4f5',
  page_path: '/',
  user_agent:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
  consent: 'denied',
  future_field: 'ignored',
};

describe('readRawRecord', () => {
  it('reads the JSON form into the message IngestEvents takes (absent texts empty, unknown fields ignored)', () => {
    const read = readRawRecord(Buffer.from(JSON.stringify(raw)));
    expect(read).toEqual({
      ok: true,
      event: expect.objectContaining({
        eventId: 5,
        sub4: 'pageView',
        sub1: '',
        pagePath: '/',
        consent: 'denied',
        utmSource: '',
      }),
    });
  });

  it.each([
    [null, 'empty record value'],
    [Buffer.from(''), 'empty record value'],
    [Buffer.from('{"event_id":'), 'value is not JSON'],
    [Buffer.from('[1]'), 'value: Invalid input: expected object, received array'],
    [
      Buffer.from(JSON.stringify({ ...raw, event_id: '5' })),
      'event_id: Invalid input: expected number, received string',
    ],
    [
      Buffer.from(JSON.stringify({ ...raw, sub8: 3 })),
      'sub8: Invalid input: expected string, received number',
    ],
  ])('refuses %p naming why', (value, reason) => {
    expect(readRawRecord(value)).toEqual({ ok: false, reason });
  });
});

describe('cleanRecordOf / deadLetterOf', () => {
  it('writes the clean record with the proto field names, canonical ids and enrichment', () => {
    const read = readRawRecord(Buffer.from(JSON.stringify(raw)));
    if (!read.ok) throw new Error(read.reason);
    const verdict = validateTrackingEvent(read.event, new Date(), () => 'unused');
    if (!verdict.ok) throw new Error(verdict.reason);
    const clean = cleanRecordOf(enrichTrackingEvent(verdict.event));
    expect(clean).toMatchObject({
      ingest_id: raw.ingest_id,
      event_id: 5,
      event_name: 'pageView',
      session_id: '0b7e8c1a-2f4d-4e6b-9a1c-3d5e7f9a1b2c',
      client_id: '',
      page_type: 'home',
      device_class: 'desktop',
      is_bot: false,
      received_at: '2026-11-20T10:00:00.000Z',
    });
    expect(Object.keys(clean)).toHaveLength(28);
  });

  it('keeps where a refused record came from, its key and at most 64 KiB of its value', () => {
    const letter = deadLetterOf(
      {
        topic: 'tracking.raw.v1',
        partition: 2,
        offset: '41',
        key: 'k',
        value: Buffer.from('x'.repeat(DEAD_LETTER_VALUE_CHARS + 5)),
      },
      'value is not JSON',
      new Date('2026-11-20T10:00:00Z'),
    );
    expect(letter).toMatchObject({
      reason: 'value is not JSON',
      source_topic: 'tracking.raw.v1',
      source_partition: 2,
      source_offset: '41',
      key: 'k',
      failed_at: '2026-11-20T10:00:00.000Z',
    });
    expect(letter.value).toHaveLength(DEAD_LETTER_VALUE_CHARS);
  });
});

describe('ingestIdOfRecord', () => {
  it('derives the same UUID v4 for the same record position and another for another position', () => {
    const id = ingestIdOfRecord('tracking.raw.v1', 0, '17');
    expect(isUuidV4(id)).toBe(true);
    expect(ingestIdOfRecord('tracking.raw.v1', 0, '17')).toBe(id);
    expect(ingestIdOfRecord('tracking.raw.v1', 1, '17')).not.toBe(id);
    expect(ingestIdOfRecord('tracking.raw.v1', 0, '18')).not.toBe(id);
  });
});
