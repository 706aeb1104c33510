import {
  ClickTally,
  clickUserAgent,
  clickUserAgentPattern,
  clickVerdict,
  clicksPassed,
  formatClickReport,
  offerIdsOf,
} from './clicks.cjs';

describe('offer clicks of a chaos run', () => {
  it('gives every click a user agent of its own, found by the run’s pattern', () => {
    const first = clickUserAgent('20261124200000', 1);
    expect(first).not.toBe(clickUserAgent('20261124200000', 2));
    const like = new RegExp(
      `^${clickUserAgentPattern('20261124200000').replace(/[()]/g, '\\$&').replace('%', '.*')}$`,
    );
    expect(like.test(first)).toBe(true);
    expect(like.test(clickUserAgent('20261124200001', 1))).toBe(false);
  });

  it('reads the offer ids of the page’s “Przejdź do oferty” links, each once', () => {
    const html =
      '<a href="/przejdz/101/?z=home&amp;p=1">x</a><a href="/przejdz/7/?z=home&amp;p=2">y</a><a href="/przejdz/101/">z</a>';
    expect(offerIdsOf(html)).toEqual([101, 7]);
    expect(offerIdsOf('<p>brak ofert</p>')).toEqual([]);
  });

  it('counts the answers, the redirects apart', () => {
    const tally = new ClickTally();
    for (const status of [302, 302, 0, 404, 302]) tally.add(status);
    expect([tally.sent, tally.redirected]).toEqual([5, 3]);
  });

  it('passes when every redirected click is stored once', () => {
    const verdict = clickVerdict({ redirected: 3, rows: 3, distinct: 3 });
    expect(verdict).toEqual({ redirected: 3, stored: 3, lost: 0, duplicated: 0, extra: 0 });
    expect(clicksPassed(verdict)).toBe(true);
  });

  it('fails on a lost, a doubled or a stray click', () => {
    expect(clickVerdict({ redirected: 3, rows: 2, distinct: 2 })).toMatchObject({ lost: 1 });
    expect(clicksPassed(clickVerdict({ redirected: 3, rows: 2, distinct: 2 }))).toBe(false);
    expect(clickVerdict({ redirected: 3, rows: 4, distinct: 3 })).toMatchObject({ duplicated: 1 });
    expect(clicksPassed(clickVerdict({ redirected: 3, rows: 4, distinct: 3 }))).toBe(false);
    expect(clicksPassed(clickVerdict({ redirected: 3, rows: 4, distinct: 4 }))).toBe(false);
  });

  it('prints clicks sent against stored', () => {
    const tally = new ClickTally();
    for (const status of [302, 302, 503]) tally.add(status);
    expect(formatClickReport(tally, clickVerdict({ redirected: 2, rows: 2, distinct: 2 }))).toEqual([
      'offer clicks: 3 sent (each its own visitor, no cookies), 2 redirected to the lender (others: 503 × 1); 2 stored as offerClick',
      '  lost clicks: 0   duplicated clicks: 0   (expected 0 and 0)',
    ]);
  });
});
