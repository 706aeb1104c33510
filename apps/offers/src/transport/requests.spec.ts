import { status } from '@grpc/grpc-js';
import { parseRequest, ServiceError } from '@lib/service-kit';
import {
  DEFAULT_LIMIT,
  feedKeyOf,
  feedKeysOf,
  getLeadFeedRequest,
  listOffersRequest,
  matchOffersRequest,
} from './requests';

const violations = (schema: Parameters<typeof parseRequest>[0], request: unknown) => {
  try {
    parseRequest(schema, request);
  } catch (error) {
    return (error as ServiceError).extra.fieldViolations?.map((v) => v.field);
  }
  throw new Error('request was accepted');
};

describe('offers requests', () => {
  it('takes a country in any case with blanks, a limit of 0 as the default, and resolves the feed key', () => {
    expect(parseRequest(listOffersRequest, { country: ' PL ', limit: 0, offset: 0, pagePath: '' })).toEqual({
      country: 'pl',
      limit: DEFAULT_LIMIT,
      offset: 0,
      pagePath: '',
    });
    expect(feedKeyOf('', '/')).toBe('pl');
    expect(feedKeyOf('ua', '/ru/oferty/')).toBe('ua_ru');
    expect(feedKeysOf([])).toHaveLength(10);
    expect(feedKeysOf(['PL', 'pl', 'kz'])).toEqual(['pl', 'kz_ru']);
  });

  it('answers NOT_FOUND, not INVALID_ARGUMENT, for a country or feed that does not exist', () => {
    const codeOf = (run: () => unknown) => {
      try {
        run();
      } catch (error) {
        return (error as ServiceError).code;
      }
      return undefined;
    };
    expect(codeOf(() => feedKeyOf('de', '/'))).toBe(status.NOT_FOUND);
    expect(codeOf(() => feedKeysOf(['pl', 'xx']))).toBe(status.NOT_FOUND);
  });

  it('names every bad field of a match request and a lead feed request', () => {
    expect(
      violations(matchOffersRequest, {
        amountGrosze: -1,
        periodDays: 0,
        purpose: 42,
        applicationId: 'x',
        country: 'pl',
        limit: 500,
        age: 200,
        pagePath: '',
      }),
    ).toEqual(['amountGrosze', 'periodDays', 'purpose', 'applicationId', 'limit', 'age']);
    expect(
      violations(getLeadFeedRequest, { leadId: '', page: 'one', direction: 'up', pf: 2, country: '' }),
    ).toEqual(['leadId', 'page', 'direction', 'pf']);
  });
});
