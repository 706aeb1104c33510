import { status } from '@grpc/grpc-js';
import { parseRequest, ServiceError } from '@lib/service-kit';
import { commonV1 } from '@lib/contracts';
import {
  DEFAULT_LIMIT,
  feedKeyOf,
  feedKeysOf,
  forgetLeadRequestsRequest,
  getLeadFeedRequest,
  listOffersRequest,
  matchOffersRequest,
} from './requests';

/** A page's narrowing as the wire carries it when none is asked for (proto3 defaults). */
const NO_FILTERS = {
  productTypes: [],
  firstLoanFreeOnly: false,
  ageFrom: 0,
  ageTo: 0,
  business: false,
  withoutCreditCheck: false,
};
const MATCH = {
  amountGrosze: 150_000,
  periodDays: 61,
  purpose: commonV1.LoanPurpose.OTHER,
  applicationId: '',
  country: 'PL',
  limit: 0,
  age: 0,
  pagePath: '/darmowe-pozyczki/',
  ...NO_FILTERS,
};

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
        ...NO_FILTERS,
      }),
    ).toEqual(['amountGrosze', 'periodDays', 'purpose', 'applicationId', 'limit', 'age']);
    expect(
      violations(getLeadFeedRequest, { leadId: '', page: 'one', direction: 'up', pf: 2, country: '' }),
    ).toEqual(['leadId', 'page', 'direction', 'pf']);
  });

  it('takes 1 to 1000 application ids to forget, normalised and each once', () => {
    const id = '0B7E8C1A-2F4D-4E6B-9A1C-3D5E7F9A1B2C';
    expect(parseRequest(forgetLeadRequestsRequest, { applicationIds: [id, id.toLowerCase()] })).toEqual({
      applicationIds: [id.toLowerCase()],
    });
    expect(violations(forgetLeadRequestsRequest, { applicationIds: [] })).toEqual(['applicationIds']);
    expect(violations(forgetLeadRequestsRequest, { applicationIds: [id, 'x', ''] })).toEqual([
      'applicationIds.1',
      'applicationIds.2',
    ]);
    expect(
      violations(forgetLeadRequestsRequest, { applicationIds: Array.from({ length: 1_001 }, () => id) }),
    ).toEqual(['applicationIds']);
  });

  it('carries a page’s filters to matching, and names every bad one', () => {
    expect(
      parseRequest(matchOffersRequest, {
        ...MATCH,
        productTypes: ['payday'],
        firstLoanFreeOnly: true,
        ageFrom: 18,
        ageTo: 75,
      }),
    ).toMatchObject({
      amountGrosze: 150_000,
      periodDays: 61,
      filters: {
        productTypes: ['payday'],
        firstLoanFreeOnly: true,
        ageFrom: 18,
        ageTo: 75,
        business: false,
        withoutCreditCheck: false,
      },
    });
    expect(parseRequest(matchOffersRequest, MATCH).filters).toEqual(NO_FILTERS);
    expect(
      violations(matchOffersRequest, { ...MATCH, productTypes: ['mortgage'], ageFrom: 17, ageTo: 101 }),
    ).toEqual(['productTypes.0', 'ageFrom', 'ageTo']);
    expect(violations(matchOffersRequest, { ...MATCH, productTypes: ['payday', 'payday'] })).toEqual([
      'productTypes',
    ]);
    expect(
      violations(matchOffersRequest, { ...MATCH, productTypes: ['payday', 'installment', 'payday'] }),
    ).toEqual(['productTypes']);
    expect(violations(matchOffersRequest, { ...MATCH, ageFrom: 60, ageTo: 30 })).toEqual(['ageTo']);
  });
});
