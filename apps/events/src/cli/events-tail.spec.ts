import { enrichTrackingEvent } from '../domain/enrichment';
import { cleanRecordOf, readRawRecord } from '../domain/stream-records';
import { validateTrackingEvent } from '../domain/tracking-event';
import { describeCleanRecord } from './events-tail';

/** A field-filled event as it arrives on tracking.raw.v1, validated and enriched as the sink does. */
const read = readRawRecord(
  Buffer.from(
    JSON.stringify({
      event_id: 41,
      sub4: 'contact',
      sub5: 'email',
      sub8: '1',
      session_id: '0b7e8c1a-2f4d-4e6b-9a1c-3d5e7f9a1b2c',
      received_at: '2026-11-20T10:00:00.000Z',
      ingest_id: '9c1d2e3f-4a5b-4c6d-8e7f-a0b1c2d3e4f5',
      page_path: '/kontakt/',
      user_agent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
    }),
  ),
);
const verdict = read.ok
  ? validateTrackingEvent(read.event, new Date('2026-11-20T10:00:00Z'), () => '')
  : read;
if (!verdict.ok) throw new Error(verdict.reason);
const fieldFilled = enrichTrackingEvent(verdict.event);

describe('events:tail --format line', () => {
  it('prints one short line per clean record', () => {
    expect(describeCleanRecord(cleanRecordOf(fieldFilled))).toBe(
      '2026-11-20T10:00:00.000Z  41/fieldFilled  /kontakt/ (form)  mobile  session 0b7e8c1a  sub4=contact sub5=email sub8=1',
    );
  });

  it('marks bots and shows what is missing as -', () => {
    const record = {
      ...cleanRecordOf(fieldFilled),
      page_path: '',
      page_type: '',
      is_bot: true,
      device_class: 'bot',
    };
    expect(describeCleanRecord(record)).toContain('  - (-)  bot bot  ');
  });
});
