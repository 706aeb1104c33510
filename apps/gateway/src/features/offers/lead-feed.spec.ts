import { readLeadFeedQuery } from './lead-feed';

const read = (query: string) => readLeadFeedQuery(new URLSearchParams(query));
const LEAD = '3f1c2a9e-5b7d-4c1a-9e2f-0a1b2c3d4e5f';

describe('lead feed query', () => {
  it('reads the documented query', () => {
    expect(read(`lead_id=${LEAD.toUpperCase()}&page=all&direction=swap&pf=1`)).toEqual({
      kind: 'ok',
      leadId: LEAD,
      page: 'all',
      direction: 'swap',
      pf: 1,
    });
  });

  it('answers missing-lead-id before anything else', () => {
    expect(read('page=all&direction=swap&pf=1')).toEqual({ kind: 'missing-lead-id' });
    expect(read('lead_id=%20&page=all')).toEqual({ kind: 'missing-lead-id' });
  });

  it('refuses a lead id that is not a UUID', () => {
    expect(read('lead_id=123&page=all&direction=swap&pf=1')).toEqual({
      kind: 'invalid',
      message: 'lead_id must be a UUID',
    });
  });

  it('answers missing-config when a feed selector is missing', () => {
    expect(read(`lead_id=${LEAD}`)).toEqual({ kind: 'missing-config' });
    expect(read(`lead_id=${LEAD}&page=all&direction=swap`)).toEqual({ kind: 'missing-config' });
  });

  it('refuses selectors outside their bounds', () => {
    expect(read(`lead_id=${LEAD}&page=${'a'.repeat(33)}&direction=swap&pf=1`)).toMatchObject({
      kind: 'invalid',
    });
    expect(read(`lead_id=${LEAD}&page=all&direction=sw%20ap&pf=1`)).toMatchObject({ kind: 'invalid' });
    expect(read(`lead_id=${LEAD}&page=all&direction=swap&pf=-1`)).toMatchObject({ kind: 'invalid' });
  });
});
