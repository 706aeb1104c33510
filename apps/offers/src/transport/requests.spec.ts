import { parseRequest, ServiceError } from '@lib/service-kit';
import { DEFAULT_LIMIT, listOffersRequest } from './requests';

const violations = (request: unknown) => {
  try {
    parseRequest(listOffersRequest, request);
  } catch (error) {
    return (error as ServiceError).extra.fieldViolations;
  }
  throw new Error('request was accepted');
};

describe('ListOffers request', () => {
  it('takes the country in any case and with blanks, and a limit of 0 as the default', () => {
    expect(parseRequest(listOffersRequest, { country: ' PL ', limit: 0, offset: 0 })).toEqual({ country: 'pl', limit: DEFAULT_LIMIT, offset: 0 });
  });

  it('names every bad field at once', () => {
    expect(violations({ country: 'de', limit: 101, offset: -1 })).toEqual([
      { field: 'country', description: 'must be one of es, mx, vn, pl, ph, my, za, kz, ua' },
      { field: 'limit', description: 'must be at most 100' },
      { field: 'offset', description: expect.any(String) },
    ]);
  });
});
