import { describeRewinds, parseReplayFrom } from './events-replay';

const NOW = new Date('2026-11-25T10:00:00Z');

describe('events:replay arguments', () => {
  it('takes an RFC 3339 time with a zone in the past', () => {
    expect(parseReplayFrom('2026-11-24T03:00:00+01:00', NOW)).toEqual(new Date('2026-11-24T02:00:00Z'));
    expect(parseReplayFrom('2026-11-24T02:00Z', NOW)).toEqual(new Date('2026-11-24T02:00:00Z'));
  });

  it.each([
    [undefined, '--from is required'],
    ['2026-11-24', 'RFC 3339'],
    ['2026-11-24T02:00:00', 'RFC 3339'],
    ['wczoraj', 'RFC 3339'],
    ['2026-13-40T02:00:00Z', 'not a valid time'],
    ['2026-11-26T00:00:00Z', 'in the future'],
  ])('refuses %s', (value, reason) => {
    expect(parseReplayFrom(value, NOW)).toEqual(expect.stringContaining(reason));
  });

  it('describes each partition with how much it re-reads', () => {
    expect(
      describeRewinds(
        'tracking.raw.v1',
        [
          { partition: 0, committedBefore: '120', offset: '100' },
          { partition: 1, committedBefore: null, offset: '7' },
        ],
        true,
      ),
    ).toEqual([
      'tracking.raw.v1/0: would restart at offset 100 (committed before: 120; 20 record(s) to re-read)',
      'tracking.raw.v1/1: would restart at offset 7 (committed before: none; from the start of what the topic keeps)',
    ]);
  });
});
