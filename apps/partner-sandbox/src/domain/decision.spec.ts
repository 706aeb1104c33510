import { normaliseFeed, parseFeed } from '@lib/offers-domain';
import { decide } from './decision';
import { type LenderLimits, limitsOf } from './lender-limits';

const vivus: LenderLimits = {
  offerId: 2024,
  amountMinGrosze: 10_000,
  amountMaxGrosze: 300_000,
  ageMin: 18,
  ageMax: 75,
};

describe('decide', () => {
  it('accepts an amount and an age inside the limits, their edges included', () => {
    expect(decide(vivus, { amountGrosze: 100_000, age: 30 })).toEqual({ decision: 'accepted' });
    expect(decide(vivus, { amountGrosze: 10_000, age: 18 })).toEqual({ decision: 'accepted' });
    expect(decide(vivus, { amountGrosze: 300_000, age: 75 })).toEqual({ decision: 'accepted' });
  });

  it('rejects an amount a grosz below or above the limits', () => {
    const rejected = { decision: 'rejected', reason: 'amount-outside-limits' };
    expect(decide(vivus, { amountGrosze: 9_999, age: 30 })).toEqual(rejected);
    expect(decide(vivus, { amountGrosze: 300_001, age: 30 })).toEqual(rejected);
  });

  it('rejects an age a year below or above the limits', () => {
    const rejected = { decision: 'rejected', reason: 'age-outside-limits' };
    expect(decide(vivus, { amountGrosze: 100_000, age: 17 })).toEqual(rejected);
    expect(decide(vivus, { amountGrosze: 100_000, age: 76 })).toEqual(rejected);
  });

  it('names the amount when both are outside', () => {
    expect(decide(vivus, { amountGrosze: 1, age: 99 })).toEqual({
      decision: 'rejected',
      reason: 'amount-outside-limits',
    });
  });

  it('does not judge an age that was not sent', () => {
    expect(decide(vivus, { amountGrosze: 100_000 })).toEqual({ decision: 'accepted' });
  });

  it('takes a maximum of 0 as one the feed does not state', () => {
    const open = { ...vivus, amountMaxGrosze: 0, ageMax: 0 };
    expect(decide(open, { amountGrosze: 99_999_999, age: 120 })).toEqual({ decision: 'accepted' });
    expect(decide(open, { amountGrosze: 9_999, age: 120 })).toEqual({
      decision: 'rejected',
      reason: 'amount-outside-limits',
    });
  });
});

describe('limitsOf', () => {
  const feed = (offers: object[]) => {
    const text = JSON.stringify(offers);
    const parsed = parseFeed(text, text.length);
    if (!parsed.ok) throw new Error(parsed.cause);
    return normaliseFeed(parsed.offers, 'pl', '2025-01-01').offers;
  };
  const offer = (id: number, header: string, more: object) => ({
    offer_id: id,
    header,
    lender_link: 'https://lender.example/',
    lender_id: 124,
    ...more,
  });

  it('turns the feed’s złoty into grosze and keeps the ages in years', () => {
    const offers = feed([
      offer(7, 'Vivus', { amount_min: 100, amount_max: 3000.5, age_min: 18, age_max: 75 }),
    ]);
    expect(limitsOf(124, offers)).toEqual({
      offerId: 7,
      amountMinGrosze: 10_000,
      amountMaxGrosze: 300_050,
      ageMin: 18,
      ageMax: 75,
    });
  });

  it('takes the active offer over an inactive one of the same lender, and nothing for a lender without one', () => {
    const offers = feed([
      offer(1, 'A inactive', { is_active: false, amount_max: 1000 }),
      offer(2, 'B active', { amount_max: 2000 }),
    ]);
    expect(limitsOf(124, offers)?.offerId).toBe(2);
    expect(limitsOf(999, offers)).toBeUndefined();
  });
});
