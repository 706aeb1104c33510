import { leadsV1 } from '@lib/contracts';
import { CONSENTS, type PersonalDetailsInput } from '@lib/pl-validation';
import { CONSENT_TYPE, submitRequest } from './journey-service';

describe('the journey’s SubmitApplication', () => {
  it('maps every consent purpose to its own ConsentType (matching → MATCHING, delivery → DELIVERY)', () => {
    expect(CONSENT_TYPE).toEqual({
      terms: leadsV1.ConsentType.TERMS,
      matching: leadsV1.ConsentType.MATCHING,
      delivery: leadsV1.ConsentType.DELIVERY,
      creditBureau: leadsV1.ConsentType.CREDIT_BUREAU,
      marketingEmail: leadsV1.ConsentType.MARKETING_EMAIL,
      marketingSms: leadsV1.ConsentType.MARKETING_SMS,
      marketingPhone: leadsV1.ConsentType.MARKETING_PHONE,
    });
    expect(Object.keys(CONSENT_TYPE)).toEqual(CONSENTS.map((c) => c.key));
  });

  it('submits the last step with the fields not asked empty and every consent with its version', () => {
    const consents = Object.fromEntries(
      CONSENTS.map((c) => [c.key, { given: c.required || c.key === 'delivery', textVersion: c.version }]),
    ) as PersonalDetailsInput['consents'];
    const request = submitRequest({
      valid: {
        step: 'personal',
        input: {
          pesel: '90051512345',
          idCard: undefined,
          bankAccount: undefined,
          incomeSource: 'employment',
          consents,
        },
      },
      draftId: '3f1c2a9e-5b7d-4c1a-9e2f-0a1b2c3d4e5f',
      formVersion: 0,
      idempotencyKey: '0f0e0d0c-0b0a-4909-8807-060504030201',
      attribution: null,
      now: new Date('2026-11-28T12:00:00Z'),
    });
    expect(request).toMatchObject({
      step: leadsV1.ApplicationStep.UNSPECIFIED,
      pesel: '90051512345',
      idCard: '',
      bankAccount: '',
      incomeSource: 'employment',
      idempotencyKey: '0f0e0d0c-0b0a-4909-8807-060504030201',
    });
    expect(request.consents.map((c) => [c.type, c.granted, c.textVersion])).toEqual(
      CONSENTS.map((c) => [CONSENT_TYPE[c.key], c.required || c.key === 'delivery', c.version]),
    );
  });
});
