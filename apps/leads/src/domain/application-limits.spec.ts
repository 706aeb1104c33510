import { type DeliveryLender } from '@lib/partner-delivery';
import { formLimits, type OfferAges } from './application-limits';

const lender = (
  slug: string,
  requiredFields: DeliveryLender['requiredFields'],
  enabled = true,
): DeliveryLender => ({
  slug,
  lenderId: 1,
  name: slug.toUpperCase(),
  enabled,
  endpoint: new URL(`https://${slug}.example/applications`),
  secret: 's'.repeat(32),
  requiredFields,
  timeoutMs: 1000,
});
const offer = (lenderSlug: string, ageMin: number, ageMax: number, isActive = true): OfferAges => ({
  lenderSlug,
  isActive,
  ageMin,
  ageMax,
});

describe('the application form’s limits', () => {
  it('spans every age one of its lenders takes, and asks the ID card when one of them needs it', () => {
    const limits = formLimits(
      [lender('vivus', ['firstName', 'pesel', 'idCard']), lender('provident', ['phone', 'age'])],
      [offer('vivus', 18, 75), offer('provident', 20, 78), offer('rupi', 18, 90)],
    );
    expect(limits).toEqual({
      lenders: [
        { slug: 'vivus', name: 'VIVUS', ageMin: 18, ageMax: 75 },
        { slug: 'provident', name: 'PROVIDENT', ageMin: 20, ageMax: 78 },
      ],
      ageChecked: true,
      ages: { min: 18, max: 78 },
      documents: ['id_card'],
    });
  });

  it('counts only lenders switched on with an active offer, and a lender’s several offers together', () => {
    const limits = formLimits(
      [lender('kuki', ['phone', 'age']), lender('off', ['age'], false), lender('gone', ['idCard'])],
      [offer('kuki', 21, 65), offer('kuki', 19, 70), offer('off', 18, 99), offer('gone', 18, 99, false)],
    );
    expect(limits.lenders.map((l) => [l.slug, l.ageMin, l.ageMax])).toEqual([['kuki', 19, 70]]);
    expect(limits.ages).toEqual({ min: 19, max: 70 });
    // The lender needing the ID card has no active offer: no application reaches it.
    expect(limits.documents).toEqual([]);
  });

  it('sets no upper age when an offer states none, and never goes below 18', () => {
    const limits = formLimits(
      [lender('a', ['age']), lender('b', ['age'])],
      [offer('a', 0, 0), offer('b', 16, 60)],
    );
    expect(limits.ages).toEqual({ min: 18, max: null });
  });

  it('checks no age and asks no document without lenders, or when none of them needs the PESEL or age', () => {
    expect(formLimits([], [offer('vivus', 18, 75)])).toEqual({
      lenders: [],
      ageChecked: false,
      ages: { min: 18, max: null },
      documents: [],
    });
    expect(formLimits([lender('kuki', ['phone'])], [offer('kuki', 18, 75)]).ageChecked).toBe(false);
  });
});
