import {
  applicantAgeMessage,
  CONSENTS,
  IDENTITY_FIELDS,
  peselCheckDigit,
  personalDetailsSchema,
} from '@lib/pl-validation';
import {
  UNKNOWN_DELIVERY,
  applicantAgesOf,
  askedFields,
  consentsAsOffered,
  deliveryPreviewView,
  offersDeliveryConsent,
} from './delivery-preview';
import { consentAnswers } from './journey';

const lender = (lenderSlug: string, lenderName: string) => ({ lenderSlug, lenderName });
const PESEL = (() => {
  const first = '9005151234';
  return `${first}${peselCheckDigit(first)}`;
})();
const version = (key: string) => CONSENTS.find((c) => c.key === key)!.version;
/** A post of step 3 with every consent's version sent and the required ones ticked. */
const consentPost: Record<string, string> = Object.fromEntries(
  CONSENTS.flatMap((c): [string, string][] => [
    [`consent_${c.key}_version`, c.version],
    ...(c.required ? ([[`consent_${c.key}`, 'on']] as [string, string][]) : []),
  ]),
);

describe('step 3 asks only what the lenders of the preview need', () => {
  it('asks the identity fields the preview requires, in form order; income source is never among them', () => {
    const view = deliveryPreviewView({
      lenders: [lender('smartney', 'Smartney'), lender('netcredit', 'NetCredit')],
      requiredFields: ['incomeSource', 'bankAccount', 'pesel'],
      limits: null,
    });
    expect(view).toEqual({
      known: true,
      lenders: ['Smartney', 'NetCredit'],
      asked: ['pesel', 'bankAccount'],
      ages: { min: 18, max: null },
    });
    expect([...askedFields(view)]).toEqual(['pesel', 'bankAccount']);
    expect(offersDeliveryConsent(view)).toBe(true);
  });

  it('asks no identity field when the lenders need none, and offers no delivery consent without lenders', () => {
    const none = deliveryPreviewView({
      lenders: [lender('kuki', 'Kuki')],
      requiredFields: ['incomeSource'],
      limits: null,
    });
    expect(none.asked).toEqual([]);
    expect(offersDeliveryConsent(none)).toBe(true);
    const noLenders = deliveryPreviewView({ lenders: [], requiredFields: [], limits: null });
    expect(noLenders).toEqual({ known: true, lenders: [], asked: [], ages: { min: 18, max: null } });
    expect(offersDeliveryConsent(noLenders)).toBe(false);
  });

  it('names each lender once, by its name (its slug when it has none), and ignores fields it does not know', () => {
    const view = deliveryPreviewView({
      lenders: [lender('vivus', 'Vivus'), lender('vivus', 'Vivus'), lender('kuki', ' ')],
      requiredFields: ['idCard', 'firstName', 'age', 'shoeSize'],
      limits: null,
    });
    expect(view.lenders).toEqual(['Vivus', 'kuki']);
    expect(view.asked).toEqual(['idCard']);
  });

  it('falls back to asking all three identity fields, naming no lender, when the preview failed', () => {
    expect(deliveryPreviewView(null)).toBe(UNKNOWN_DELIVERY);
    expect(UNKNOWN_DELIVERY).toEqual({
      known: false,
      lenders: [],
      asked: [...IDENTITY_FIELDS],
      ages: { min: 18, max: null },
    });
    expect(offersDeliveryConsent(UNKNOWN_DELIVERY)).toBe(false);
  });

  it('validates the post against the same set: a field not asked is neither required nor kept', () => {
    const view = deliveryPreviewView({
      lenders: [lender('netcredit', 'NetCredit')],
      requiredFields: ['pesel'],
      limits: null,
    });
    const schema = personalDetailsSchema('2026-11-28', askedFields(view));
    const consents = consentsAsOffered(consentAnswers(consentPost), view);
    const parsed = schema.safeParse({
      pesel: PESEL,
      idCard: 'not asked, not checked',
      bankAccount: '',
      incomeSource: 'employment',
      consents,
    });
    expect(parsed.success).toBe(true);
    expect(parsed.data).toMatchObject({ pesel: PESEL, idCard: undefined, bankAccount: undefined });
    // With the safe fallback, the same post lacks the ID card and the account.
    const all = personalDetailsSchema('2026-11-28', askedFields(UNKNOWN_DELIVERY)).safeParse({
      pesel: PESEL,
      idCard: '',
      bankAccount: '',
      incomeSource: 'employment',
      consents: consentsAsOffered(consentAnswers(consentPost), UNKNOWN_DELIVERY),
    });
    expect(all.success).toBe(false);
    expect(all.error?.issues.map((issue) => issue.path[0])).toEqual(['idCard', 'bankAccount']);
  });

  it('keeps the delivery consent as answered when offered, and “not given” whatever was sent when not', () => {
    const ticked = consentAnswers({ ...consentPost, consent_delivery: 'on' });
    const offered = deliveryPreviewView({
      lenders: [lender('vivus', 'Vivus')],
      requiredFields: [],
      limits: null,
    });
    expect(consentsAsOffered(ticked, offered).delivery).toEqual({
      given: true,
      textVersion: version('delivery'),
    });
    for (const notOffered of [
      UNKNOWN_DELIVERY,
      deliveryPreviewView({ lenders: [], requiredFields: [], limits: null }),
    ]) {
      const answers = consentsAsOffered(consentAnswers({ consent_delivery: 'on' }), notOffered);
      expect(answers.delivery).toEqual({ given: false, textVersion: version('delivery') });
    }
  });

  it('accepts the ages the leads service’s limits state, any adult while they are unknown', () => {
    const limits = {
      known: true,
      lenders: [],
      ageChecked: true,
      ageMin: 20,
      ageMax: 78,
      identityDocuments: [],
      asOf: '2026-11-28',
      sample: false,
    };
    const view = deliveryPreviewView({
      lenders: [lender('provident', 'Provident')],
      requiredFields: ['pesel'],
      limits,
    });
    expect(view.ages).toEqual({ min: 20, max: 78 });
    expect(applicantAgesOf({ ...limits, ageMax: 0 })).toEqual({ min: 20, max: null });
    expect(applicantAgesOf({ ...limits, known: false })).toEqual({ min: 18, max: null });
    expect(applicantAgesOf(null)).toEqual({ min: 18, max: null });
    // Born 1940-05-15: 86 on the day, refused where the lenders take up to 78.
    const old = `4005151234${peselCheckDigit('4005151234')}`;
    const parsed = personalDetailsSchema('2026-11-28', askedFields(view), view.ages).safeParse({
      pesel: old,
      idCard: '',
      bankAccount: '',
      incomeSource: 'employment',
      consents: consentsAsOffered(consentAnswers(consentPost), view),
    });
    expect(parsed.error?.issues.map((issue) => issue.message)).toEqual([
      applicantAgeMessage({ min: 20, max: 78 }),
    ]);
  });
});
