import { CONSENTS } from '@lib/pl-validation';
import {
  JOURNEY_PATHS,
  consentAnswers,
  contactPathFor,
  formFieldOfViolation,
  formVersionOf,
  isJourneyPath,
  startValues,
  stepOfFormField,
  stepOfPath,
  stepValues,
} from './journey';

describe('the journey’s steps and addresses', () => {
  it('maps each address to its step; /transition/ is a redirect only', () => {
    expect(stepOfPath('/application/')).toBe('loan');
    expect(stepOfPath('/process/')).toBe('loan');
    expect(stepOfPath('/reg/')).toBe('contact');
    expect(stepOfPath('/reg2/')).toBe('contact');
    expect(stepOfPath('/main/')).toBe('personal');
    expect(stepOfPath('/transition/')).toBeNull();
    expect(isJourneyPath('/transition/')).toBe(true);
    expect(isJourneyPath('/offers/')).toBe(false);
    expect(isJourneyPath('/application')).toBe(false);
  });

  it('sends registration form version 2 to /reg2/ and every other to /reg/; only 2 and 3 are versions', () => {
    expect(contactPathFor(2)).toBe(JOURNEY_PATHS.contactV2);
    expect(contactPathFor(3)).toBe(JOURNEY_PATHS.contact);
    expect(contactPathFor(0)).toBe(JOURNEY_PATHS.contact);
    expect(formVersionOf('2')).toBe(2);
    expect(formVersionOf('3')).toBe(3);
    for (const other of ['1', '4', '02', ' 2', '', null, undefined]) expect(formVersionOf(other)).toBe(0);
  });
});

describe('what an address or a post says', () => {
  it('takes the home sliders’ values inside the journey’s limits only', () => {
    expect(startValues(new URLSearchParams('amount=2000&period=90&purpose=medical'))).toEqual({
      amount: '2000',
      period: '90',
      purpose: 'medical',
    });
    // Outside the requests' sanity bounds (1–255 550 zł, 1–3650 days): left for the visitor to choose.
    expect(startValues(new URLSearchParams('amount=0&period=3651&purpose=yacht'))).toEqual({});
    expect(startValues(new URLSearchParams('amount=255551&period=0'))).toEqual({});
    expect(startValues(new URLSearchParams('amount=30000&period=1825'))).toEqual({
      amount: '30000',
      period: '1825',
    });
    expect(startValues(new URLSearchParams('amount=1e3&period=-5&purpose='))).toEqual({});
  });

  it('keeps a step’s typed values (bounded), ignoring other steps’ fields and non-text values', () => {
    const body = { first_name: 'Jan', last_name: ['x'], email: 'a'.repeat(500), pesel: '123', phone: '600' };
    expect(stepValues(body, 'contact')).toEqual({
      first_name: 'Jan',
      last_name: '',
      email: 'a'.repeat(100),
      phone: '600',
    });
    expect(stepValues(null, 'loan')).toEqual({ amount: '', period: '', purpose: '' });
    expect(stepValues({ consent_terms: 'on', pesel: '1' }, 'personal')).toMatchObject({
      pesel: '1',
      consent_terms: 'on',
    });
  });

  it('reads every consent: ticked or not, with the text version sent next to it', () => {
    const answers = consentAnswers({ consent_terms: 'on', consent_terms_version: 'terms-2026-11-v1' });
    expect(answers.terms).toEqual({ given: true, textVersion: 'terms-2026-11-v1' });
    expect(answers.matching).toEqual({ given: false, textVersion: '' });
    expect(answers.delivery).toEqual({ given: false, textVersion: '' });
    expect(Object.keys(answers)).toEqual(CONSENTS.map((c) => c.key));
  });

  it('puts the service’s field violations next to the form’s fields, by step', () => {
    expect(formFieldOfViolation('periodDays')).toBe('period');
    expect(formFieldOfViolation('idCard')).toBe('id_card');
    expect(formFieldOfViolation('consents.matching.given')).toBe('consent_matching');
    expect(formFieldOfViolation('consents.delivery.textVersion')).toBe('consent_delivery');
    // The single 'privacy' consent of before is no consent of the form any more.
    expect(formFieldOfViolation('consents.privacy.given')).toBeNull();
    expect(formFieldOfViolation('consents.nothing.given')).toBeNull();
    expect(formFieldOfViolation('idempotencyKey')).toBeNull();
    expect(formFieldOfViolation('toString')).toBeNull();
    expect(stepOfFormField('period')).toBe('loan');
    expect(stepOfFormField('email')).toBe('contact');
    expect(stepOfFormField('consent_terms')).toBe('personal');
    expect(stepOfFormField('csrf_token')).toBeNull();
  });
});
