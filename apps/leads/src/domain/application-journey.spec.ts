import { APPLICATION_MESSAGES, applicantAgeMessage, CONSENTS } from '@lib/pl-validation';
import {
  fieldsUpTo,
  formVersionOf,
  mergeJourney,
  personalFieldsOf,
  storedJourney,
  validateJourney,
} from './application-journey';

const TODAY = '2026-11-24';
const consents = Object.fromEntries(
  CONSENTS.map((c) => [c.key, { given: c.required, textVersion: c.version }]),
);
const complete = {
  amount: 2000,
  periodDays: 90,
  purpose: 'medical',
  firstName: 'Jan',
  lastName: 'Kowalski',
  email: 'jan@Example.PL',
  phone: '600 100 200',
  pesel: '90051401233',
  idCard: 'aba300000',
  bankAccount: 'PL61 1090 1014 0000 0712 1981 2874',
  incomeSource: 'employment',
  consents,
};

describe('the application journey', () => {
  it('validates only the steps up to the one saved', () => {
    expect(validateJourney({ amount: 2000, periodDays: 90, purpose: 'rent' }, 1, TODAY)).toEqual({
      ok: { amount: 2000, periodDays: 90, purpose: 'rent' },
    });
    const step2 = validateJourney({ amount: 2000, periodDays: 90, purpose: 'rent' }, 2, TODAY);
    expect(step2).toEqual({
      violations: expect.arrayContaining([{ field: 'email', description: APPLICATION_MESSAGES.email }]),
    });
  });

  it('normalises what it stores: e-mail domain, E.164 phone, NRB digits, ID card in capitals', () => {
    const checked = validateJourney(complete, 3, TODAY);
    if (!('ok' in checked)) throw new Error(JSON.stringify(checked));
    expect(storedJourney(checked.ok)).toMatchObject({
      email: 'jan@example.pl',
      phone: '+48600100200',
      idCard: 'ABA300000',
      bankAccount: '61109010140000071219812874',
    });
  });

  it('refuses an applicant outside the accepted ages and a required consent not given, with the Polish messages', () => {
    const tooYoung = validateJourney({ ...complete, pesel: '10271200128' }, 3, TODAY);
    // Born 1990-05-14: 36, too old where the lenders take 18–30 only.
    const ages = { min: 18, max: 30 };
    expect(validateJourney({ ...complete, pesel: '90051401233' }, 3, TODAY, undefined, ages)).toEqual({
      violations: [{ field: 'pesel', description: applicantAgeMessage(ages) }],
    });
    const noTerms = validateJourney(
      { ...complete, consents: { ...consents, terms: { given: false, textVersion: 'terms-2026-11-v1' } } },
      3,
      TODAY,
    );
    expect(tooYoung).toEqual({
      violations: [{ field: 'pesel', description: applicantAgeMessage({ min: 18, max: null }) }],
    });
    expect(noTerms).toEqual({
      violations: [{ field: 'consents.terms.given', description: APPLICATION_MESSAGES.consentRequired }],
    });
  });

  it('merges a step over the draft: sent fields replace, empty ones keep, consents merge by key', () => {
    const stored = {
      amount: 2000,
      periodDays: 90,
      purpose: 'rent',
      consents: { terms: { given: true, textVersion: 'v' } },
    };
    expect(
      mergeJourney(stored, {
        amount: 3000,
        periodDays: undefined,
        consents: { marketingSms: { given: true, textVersion: 'w' } },
      }),
    ).toEqual({
      amount: 3000,
      periodDays: 90,
      purpose: 'rent',
      consents: { terms: { given: true, textVersion: 'v' }, marketingSms: { given: true, textVersion: 'w' } },
    });
  });

  it("never keeps a later step's fields in a draft saved at an earlier step", () => {
    expect(fieldsUpTo(complete, 1)).toEqual({ amount: 2000, periodDays: 90, purpose: 'medical' });
    expect(Object.keys(fieldsUpTo(complete, 2)).sort()).toEqual([
      'amount',
      'email',
      'firstName',
      'lastName',
      'periodDays',
      'phone',
      'purpose',
    ]);
  });

  it('seals exactly the personal fields', () => {
    expect(Object.keys(personalFieldsOf(complete)).sort()).toEqual([
      'bankAccount',
      'email',
      'firstName',
      'idCard',
      'lastName',
      'pesel',
      'phone',
    ]);
  });

  it('keeps the registration form version only when it is 2 or 3', () => {
    expect([0, 1, 2, 3, 4].map(formVersionOf)).toEqual([0, 0, 2, 3, 0]);
  });
});
