import { CliUsageError } from '@lib/service-kit';
import { formatHistory, formatList, formatSummary, parseDeliveriesArgs } from './deliveries.cli';

const ID = '6f1c2a34-5b6d-4e7f-8a9b-0c1d2e3f4a5b';
const APP = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';

describe('parseDeliveriesArgs', () => {
  it('reads the four commands, list defaulting to failed deliveries, 50 at most', () => {
    expect(parseDeliveriesArgs(['summary'])).toEqual({ command: 'summary' });
    expect(parseDeliveriesArgs(['list'])).toEqual({ command: 'list', state: 'failed', limit: 50 });
    expect(
      parseDeliveriesArgs(['list', '--state', 'queued', '--lender', 'smart-pozyczka', '--limit', '5']),
    ).toEqual({ command: 'list', state: 'queued', lender: 'smart-pozyczka', limit: 5 });
    expect(parseDeliveriesArgs(['history', ID.toUpperCase()])).toEqual({
      command: 'history',
      deliveryId: ID,
    });
    expect(parseDeliveriesArgs(['replay', '--lender', 'vivus'])).toEqual({
      command: 'replay',
      filter: { lender: 'vivus' },
    });
    expect(parseDeliveriesArgs(['replay', '--delivery', ID])).toEqual({
      command: 'replay',
      filter: { deliveryId: ID },
    });
    expect(parseDeliveriesArgs(['replay', '--application', APP])).toEqual({
      command: 'replay',
      filter: { applicationId: APP },
    });
  });

  it.each([
    [[], 'a command is required'],
    [['purge'], 'unknown command "purge"'],
    [['summary', '--lender', 'vivus'], 'summary takes no --lender'],
    [['summary', 'now'], 'summary takes no argument "now"'],
    [
      ['list', '--state', 'lost'],
      '--state must be one of queued, sent, accepted, rejected, failed, withdrawn',
    ],
    [['list', '--limit', '0'], '--limit must be a whole number from 1 to 1000'],
    [['list', '--limit', '1001'], '--limit must be a whole number from 1 to 1000'],
    [['list', '--lender', 'Vivus SA'], '--lender must be a lender slug'],
    [['history'], 'history takes exactly one delivery id'],
    [['history', ID, ID], 'history takes exactly one delivery id'],
    [['history', 'not-a-uuid'], 'the delivery id must be a UUID'],
    [['replay'], 'replay takes exactly one of --lender, --delivery or --application'],
    [['replay', '--lender', 'vivus', '--application', APP], 'replay takes exactly one of'],
    [['replay', '--delivery', '42'], '--delivery must be a UUID'],
    [['replay', '--state', 'failed'], 'replay takes no --state'],
  ])('refuses %j: %s', (argv, message) => {
    expect(() => parseDeliveriesArgs(argv)).toThrow(CliUsageError);
    expect(() => parseDeliveriesArgs(argv)).toThrow(message);
  });
});

describe('the printed reports', () => {
  const at = new Date('2026-11-28T10:00:00.123Z');

  it('counts deliveries per lender and state with a total row, and messages per channel', () => {
    const lines = formatSummary({
      deliveries: [
        { lender: 'kuki', state: 'accepted', count: 3 },
        { lender: 'vivus', state: 'failed', count: 2 },
        { lender: 'vivus', state: 'accepted', count: 1 },
      ],
      messages: [
        { channel: 'email', state: 'sent', count: 4 },
        { channel: 'sms', state: 'failed', count: 1 },
      ],
    });
    expect(lines).toEqual([
      'deliveries: 6',
      '  lender  queued  sent  accepted  rejected  failed  withdrawn',
      '  kuki    0       0     3         0         0       0',
      '  vivus   0       0     1         0         2       0',
      '  (all)   0       0     4         0         2       0',
      'messages: 5',
      '  channel  queued  sent  failed  cancelled',
      '  email    0       4     0       0',
      '  sms      0       0     1       0',
    ]);
    expect(formatSummary({ deliveries: [], messages: [] })).toEqual([
      'deliveries: 0',
      '  lender  queued  sent  accepted  rejected  failed  withdrawn',
      '  (all)   0       0     0         0         0       0',
      'messages: 0',
    ]);
  });

  it('lists deliveries with the next attempt only while queued, and says when the limit cut the list', () => {
    const row = {
      id: ID,
      applicationId: APP,
      lender: 'vivus',
      state: 'failed' as const,
      attempts: 12,
      nextAttemptAt: at,
      updatedAt: at,
      lastDetail: 'HTTP 422: {"error":\n "field-missing"}',
    };
    expect(formatList({ state: 'failed' }, [row], 50)).toEqual([
      '1 failed delivery:',
      'delivery                              application                           lender  state   attempts  next attempt  last event',
      `${ID}  ${APP}  vivus   failed  12        —             HTTP 422: {"error": "field-missing"}`,
    ]);
    expect(formatList({ state: 'queued', lender: 'vivus' }, [{ ...row, state: 'queued' }], 1)[0]).toBe(
      '1 queued delivery to vivus (the first 1; --limit shows more):',
    );
    expect(formatList({ state: 'queued', lender: 'vivus' }, [{ ...row, state: 'queued' }], 1)[2]).toContain(
      '2026-11-28T10:00:00Z',
    );
    expect(formatList({ state: 'failed', lender: 'kuki' }, [], 50)).toEqual(['no failed deliveries to kuki']);
  });

  it('shows a delivery and its events in order', () => {
    const delivery = {
      id: ID,
      applicationId: APP,
      lender: 'kuki',
      state: 'queued' as const,
      attempts: 0,
      nextAttemptAt: at,
      updatedAt: at,
      lastDetail: 'replayed by an operator',
    };
    expect(
      formatHistory(delivery, [
        { at, state: 'queued', attempt: 0, httpStatus: null, detail: 'queued' },
        { at, state: 'failed', attempt: 1, httpStatus: 422, detail: 'HTTP 422: no' },
        { at, state: 'queued', attempt: 0, httpStatus: null, detail: 'replayed by an operator' },
      ]),
    ).toEqual([
      `delivery ${ID} of application ${APP} to kuki: queued, 0 attempt(s), next 2026-11-28T10:00:00Z`,
      'at                    state   attempt  http  detail',
      '2026-11-28T10:00:00Z  queued  0        —     queued',
      '2026-11-28T10:00:00Z  failed  1        422   HTTP 422: no',
      '2026-11-28T10:00:00Z  queued  0        —     replayed by an operator',
    ]);
  });
});
