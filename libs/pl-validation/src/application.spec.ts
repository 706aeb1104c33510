import {
  APPLICATION_MESSAGES,
  CONSENTS,
  contactDetailsSchema,
  ELIGIBILITY_ITEMS,
  applicantAgeMessage,
  isApplicantAgeMessage,
  ELIGIBILITY_BAND_LABELS,
  ELIGIBILITY_BASIS,
  eligibilityReason,
  evaluateEligibility,
  formatAmountInput,
  formatBankAccountInput,
  formatIdCardInput,
  formatPeselInput,
  formatPhoneInput,
  LOAN_PURPOSES,
  LOAN_REQUEST_LIMITS,
  loanRequestLimitsOf,
  loanRequestMessages,
  loanRequestSchema,
  loanRequestSchemaFor,
  MESSAGES,
  normalizePolishMobile,
  parseRegistrationFormVersion,
  personalDetailsSchema,
} from './index';

const messagesByField = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('Polish mobile numbers', () => {
  it.each([
    ['+48 600 100 200', '+48600100200'],
    ['600-100-200', '+48600100200'],
    ['0048 512 345 678', '+48512345678'],
    ['884123456', '+48884123456'],
    ['+48 45 123 45 67', '+48451234567'],
  ])('%s → %s', (input, expected) => {
    expect(normalizePolishMobile(input)).toBe(expected);
  });

  it.each([
    '22 123 45 67',
    '+48 58 123 45 67',
    '+49 600 100 200',
    '60010020',
    '6001002000',
    '+48 600 100 2OO',
    '',
  ])('refuses %p', (input) => {
    expect(normalizePolishMobile(input)).toBeUndefined();
  });
});

describe('loan request step', () => {
  it('takes amount and days as typed or as numbers, and the spec’s eight purposes', () => {
    expect(LOAN_PURPOSES).toHaveLength(8);
    expect(loanRequestSchema.parse({ amount: '2000', periodDays: '90', purpose: 'home_repair' })).toEqual({
      amount: 2000,
      periodDays: 90,
      purpose: 'home_repair',
    });
    for (const { value } of LOAN_PURPOSES)
      expect(loanRequestSchema.safeParse({ amount: 100, periodDays: 30, purpose: value }).success).toBe(true);
  });

  it.each([
    [{ amount: '0', periodDays: '90', purpose: 'rent' }, { amount: APPLICATION_MESSAGES.amount }],
    [{ amount: '255551', periodDays: '90', purpose: 'rent' }, { amount: APPLICATION_MESSAGES.amount }],
    [{ amount: '2000.5', periodDays: '90', purpose: 'rent' }, { amount: APPLICATION_MESSAGES.amount }],
    [{ amount: '2000', periodDays: '0', purpose: 'rent' }, { periodDays: APPLICATION_MESSAGES.periodDays }],
    [
      { amount: '2000', periodDays: '3651', purpose: 'rent' },
      { periodDays: APPLICATION_MESSAGES.periodDays },
    ],
    [{ amount: '2000', periodDays: '90', purpose: 'yacht' }, { purpose: APPLICATION_MESSAGES.purpose }],
    [{ amount: '9'.repeat(50), periodDays: '90', purpose: 'rent' }, { amount: APPLICATION_MESSAGES.amount }],
  ])('refuses %p outside the sanity bounds', (input, expected) => {
    expect(messagesByField(loanRequestSchema.safeParse(input))).toEqual(expected);
  });

  it('takes anything a consumer credit may be (up to 255 550 zł, art. 3 ust. 1) and up to ten years', () => {
    expect(LOAN_REQUEST_LIMITS).toEqual({
      amount: { minZl: 1, maxZl: 255_550 },
      periodDays: { min: 1, max: 3_650 },
    });
    expect(
      loanRequestSchema.safeParse({ amount: '255550', periodDays: '3650', purpose: 'rent' }).success,
    ).toBe(true);
    expect(APPLICATION_MESSAGES.amount).toBe(
      'Podaj kwotę w pełnych złotych, najwyżej 255\u00a0550\u00a0zł (górna granica kredytu konsumenckiego)',
    );
  });
});

describe("the range a form offers: the catalogue's, inside the sanity bounds", () => {
  const catalogue = {
    amountMinGrosze: 10_000,
    amountMaxGrosze: 3_000_000,
    periodMinDays: 30,
    periodMaxDays: 1_825,
  };

  it('is the catalogue in whole złoty (smallest up, largest down), with messages naming it', () => {
    const limits = loanRequestLimitsOf({ ...catalogue, amountMinGrosze: 10_050, amountMaxGrosze: 3_000_099 });
    expect(limits).toEqual({ amount: { minZl: 101, maxZl: 30_000 }, periodDays: { min: 30, max: 1_825 } });
    expect(loanRequestMessages(limits)).toEqual({
      amount: 'Wybierz kwotę od 101\u00a0zł do 30\u00a0000\u00a0zł',
      periodDays: 'Wybierz okres od 30 do 1825 dni',
    });
  });

  it('checks a form against that range and names it when refusing', () => {
    const limits = loanRequestLimitsOf(catalogue)!;
    const schema = loanRequestSchemaFor(limits);
    const message = 'Wybierz kwotę od 100\u00a0zł do 30\u00a0000\u00a0zł';
    expect(schema.safeParse({ amount: '30000', periodDays: '1825', purpose: 'rent' }).success).toBe(true);
    expect(schema.safeParse({ amount: '100', periodDays: '30', purpose: 'rent' }).success).toBe(true);
    expect(messagesByField(schema.safeParse({ amount: '30001', periodDays: '90', purpose: 'rent' }))).toEqual(
      {
        amount: message,
      },
    );
    expect(messagesByField(schema.safeParse({ amount: '99', periodDays: '29', purpose: 'rent' }))).toEqual({
      amount: message,
      periodDays: 'Wybierz okres od 30 do 1825 dni',
    });
  });

  it('never offers more than the sanity bounds take, and nothing when the catalogue states no range', () => {
    expect(
      loanRequestLimitsOf({
        amountMinGrosze: 0,
        amountMaxGrosze: 50_000_000,
        periodMinDays: 61,
        periodMaxDays: 5_000,
      }),
    ).toEqual({ amount: { minZl: 1, maxZl: 255_550 }, periodDays: { min: 61, max: 3_650 } });
    expect(loanRequestLimitsOf({ ...catalogue, periodMinDays: 0, periodMaxDays: 5_000 })).toBeNull();
    expect(loanRequestLimitsOf({ ...catalogue, amountMaxGrosze: 0 })).toBeNull();
    expect(loanRequestLimitsOf({ ...catalogue, periodMaxDays: 0 })).toBeNull();
    expect(
      loanRequestLimitsOf({ ...catalogue, amountMinGrosze: 30_000_000, amountMaxGrosze: 40_000_000 }),
    ).toBeNull();
  });
});

describe('contact details step', () => {
  const valid = {
    firstName: 'Łucja',
    lastName: 'Żółć-Ślęzak',
    email: 'Lucja@Example.PL',
    phone: '+48 600-100-200',
  };

  it('normalises e-mail and phone', () => {
    expect(contactDetailsSchema.parse(valid)).toEqual({
      ...valid,
      email: 'Lucja@example.pl',
      phone: '+48600100200',
    });
  });

  it('gives the spec’s messages for e-mail and phone, and name messages', () => {
    const result = contactDetailsSchema.safeParse({
      firstName: 'J',
      lastName: 'Kowalski<b>',
      email: 'jan@',
      phone: '22 123 45 67',
    });
    expect(messagesByField(result)).toEqual({
      firstName: APPLICATION_MESSAGES.firstName,
      lastName: APPLICATION_MESSAGES.lastName,
      email: 'Wprowadź prawidłowy adres e-mail',
      phone: APPLICATION_MESSAGES.phone,
    });
    expect(APPLICATION_MESSAGES.email).toBe(MESSAGES.email);
    expect(MESSAGES.phone).toBe('Wprowadź prawidłowy numer telefonu');
  });

  it('refuses hidden characters and over-long names', () => {
    expect(contactDetailsSchema.safeParse({ ...valid, firstName: 'Jan\u202E' }).success).toBe(false);
    expect(contactDetailsSchema.safeParse({ ...valid, lastName: 'a'.repeat(61) }).success).toBe(false);
  });
});

describe('personal details and consents step', () => {
  const today = '2026-11-24';
  const consents = Object.fromEntries(
    CONSENTS.map((c) => [c.key, { given: c.required, textVersion: c.version }]),
  );
  const valid = {
    pesel: '44051401359',
    idCard: 'aba 300000',
    bankAccount: 'PL61 1090 1014 0000 0712 1981 2874',
    incomeSource: 'pension',
    consents,
  };

  it('accepts the ages the lenders take, naming them when it refuses one, and normalises the documents', () => {
    // Born 1944-05-14: 82 in 2026, too old for lenders taking 18–78; the same person in 2014 was 70.
    const ages = { min: 18, max: 78 };
    expect(personalDetailsSchema('2014-05-14', undefined, ages).parse(valid)).toMatchObject({
      idCard: 'ABA300000',
      bankAccount: '61109010140000071219812874',
    });
    expect(messagesByField(personalDetailsSchema(today, undefined, ages).safeParse(valid))).toEqual({
      pesel: applicantAgeMessage(ages),
    });
    expect(applicantAgeMessage(ages)).toBe(
      'Przez nasz formularz wniosek może złożyć osoba w wieku od 18 do 78 lat – tylko takie osoby przyjmują pożyczkodawcy, którym przekazujemy wnioski',
    );
    // With no upper limit stated (or none known) an adult of any age is accepted, a minor never.
    expect(personalDetailsSchema(today).safeParse(valid).success).toBe(true);
    const minor = { ...valid, pesel: '10252400006' }; // born 2010-05-24
    expect(messagesByField(personalDetailsSchema(today).safeParse(minor))).toEqual({
      pesel: applicantAgeMessage({ min: 18, max: null }),
    });
    expect(isApplicantAgeMessage(applicantAgeMessage(ages))).toBe(true);
    expect(isApplicantAgeMessage(APPLICATION_MESSAGES.pesel)).toBe(false);
  });

  it('keeps the checksum and the age as separate messages', () => {
    expect(
      messagesByField(personalDetailsSchema('2014-05-14').safeParse({ ...valid, pesel: '44051401358' })),
    ).toEqual({ pesel: APPLICATION_MESSAGES.pesel });
  });

  it('requires terms and matching, leaves the others (delivery among them) free, and checks each text version', () => {
    const none = Object.fromEntries(CONSENTS.map((c) => [c.key, { given: false, textVersion: c.version }]));
    expect(
      messagesByField(personalDetailsSchema('2014-05-14').safeParse({ ...valid, consents: none })),
    ).toEqual({
      'consents.terms.given': APPLICATION_MESSAGES.consentRequired,
      'consents.matching.given': APPLICATION_MESSAGES.consentRequired,
    });
    const stale = { ...consents, marketingSms: { given: true, textVersion: 'marketing-sms-2020-01-v0' } };
    expect(
      messagesByField(personalDetailsSchema('2014-05-14').safeParse({ ...valid, consents: stale })),
    ).toEqual({
      'consents.marketingSms.textVersion': APPLICATION_MESSAGES.consentVersion,
    });
    expect(new Set(CONSENTS.map((c) => c.version)).size).toBe(CONSENTS.length);
  });

  it('words every consent for everyone: no gendered past form such as "zapoznałem się"', () => {
    // A first-person past verb ends in -łem/-łam (or their "/am" pair); a consent says "Akceptuję…",
    // "Zgadzam się…", "Potwierdzam, że znam…" instead.
    const gendered = /(?<![\p{L}])\p{L}+(?:łem|łam)(?:\/am)?(?![\p{L}])/giu;
    expect(CONSENTS.flatMap((c) => [...c.text.matchAll(gendered)].map((m) => `${c.key}: ${m[0]}`))).toEqual(
      [],
    );
    expect('Potwierdzam, że zapoznałem/am się z regulaminem.'.match(gendered)).toEqual(['zapoznałem/am']);
  });

  it('asks only the identity fields it is given, and drops what it did not ask', () => {
    const onlyPesel = personalDetailsSchema('2014-05-14', new Set(['pesel'] as const));
    const parsed = onlyPesel.parse({ ...valid, idCard: 'not checked', bankAccount: 'not checked' });
    expect(parsed).toMatchObject({ pesel: valid.pesel, idCard: undefined, bankAccount: undefined });
    expect(
      messagesByField(personalDetailsSchema('2014-05-14', new Set()).safeParse({ ...valid, pesel: 'x' })),
    ).toEqual({});
  });

  it('refuses bad documents and an unknown income source with Polish messages', () => {
    const result = personalDetailsSchema('2014-05-14').safeParse({
      ...valid,
      idCard: 'ABA300001',
      bankAccount: '62109010140000071219812874',
      incomeSource: 'lottery',
    });
    expect(messagesByField(result)).toEqual({
      idCard: APPLICATION_MESSAGES.idCard,
      bankAccount: APPLICATION_MESSAGES.bankAccount,
      incomeSource: APPLICATION_MESSAGES.incomeSource,
    });
  });
});

describe('registration form version', () => {
  it.each([
    ['2', 2],
    ['3', 3],
    ['1', undefined],
    ['4', undefined],
    [' 2', undefined],
    [null, undefined],
  ])('ver=%p → %p', (value, expected) => {
    expect(parseRegistrationFormVersion(value)).toBe(expected);
  });
});

describe('eligibility quiz', () => {
  const all = { over18: true, citizen: true, validIdentity: true, validBank: true };

  it('asks the four basic conditions, each saying what a “no” does to the estimate', () => {
    expect(ELIGIBILITY_ITEMS.map((i) => [i.key, i.ifNo])).toEqual([
      ['over18', 'low'],
      ['citizen', 'medium'],
      ['validIdentity', 'medium'],
      ['validBank', 'low'],
    ]);
  });

  it.each([
    [all, 'high'],
    [{ ...all, citizen: false }, 'medium'],
    [{ ...all, validIdentity: false }, 'medium'],
    [{ ...all, citizen: false, validIdentity: false }, 'low'],
    [{ ...all, over18: false }, 'low'],
    [{ ...all, validBank: false }, 'low'],
    [{ over18: false, citizen: false, validIdentity: false, validBank: false }, 'low'],
  ] as const)('%p → %s', (answers, band) => {
    const result = evaluateEligibility(answers);
    expect(result.band).toBe(band);
    expect(result.items.map((i) => i.satisfied)).toEqual([
      answers.over18,
      answers.citizen,
      answers.validIdentity,
      answers.validBank,
    ]);
  });

  it('gives the reason of its band: the hard condition missed first, else each one missed', () => {
    expect(eligibilityReason(evaluateEligibility(all))).toMatch(/^Spełniasz wszystkie cztery/);
    expect(eligibilityReason(evaluateEligibility({ ...all, validBank: false, citizen: false }))).toBe(
      'Pożyczkodawcy wypłacają pieniądze na konto prowadzone na Twoje nazwisko.',
    );
    const foreigner = eligibilityReason(
      evaluateEligibility({ ...all, citizen: false, validIdentity: false }),
    );
    expect(foreigner).toContain('tylko obywatelom Polski');
    expect(foreigner).toContain('tylko polski dowód osobisty');
  });

  it('states that it is an estimate, its factors, that no credit bureau was asked and that the lender decides', () => {
    expect(ELIGIBILITY_BASIS).toContain('To szacunek, a nie prawdopodobieństwo');
    for (const item of ELIGIBILITY_ITEMS) expect(ELIGIBILITY_BASIS).toContain(item.factor);
    expect(ELIGIBILITY_BASIS).toContain('Nie sprawdzaliśmy Cię w BIK');
    expect(ELIGIBILITY_BASIS).toContain('decyduje pożyczkodawca');
    expect(ELIGIBILITY_BASIS).not.toMatch(/\d\s*%/);
    expect(Object.values(ELIGIBILITY_BAND_LABELS)).toEqual([
      'wysokie szanse',
      'średnie szanse',
      'niskie szanse',
    ]);
  });
});

describe('input masks only format', () => {
  it.each([
    [formatPhoneInput, '600100200', '600 100 200'],
    [formatPhoneInput, '+48600100200', '+48 600 100 200'],
    [formatPhoneInput, '60010', '600 10'],
    [formatPhoneInput, '22 123 45 67', '221 234 567'],
    [formatPeselInput, '440-514 013 59 9', '44051401359'],
    [formatIdCardInput, 'aba300000', 'ABA 300000'],
    [formatIdCardInput, 'ab', 'AB'],
    [formatBankAccountInput, '61109010140000071219812874', '61 1090 1014 0000 0712 1981 2874'],
    [formatBankAccountInput, 'pl6110901014', 'PL61 1090 1014'],
    [formatAmountInput, '015000', '15\u00a0000'],
    [formatAmountInput, '2 000 zł', '2\u00a0000'],
  ])('%p(%p) = %p', (format, input, expected) => {
    expect(format(input)).toBe(expected);
  });

  it('leaves validity to the validators: a formatted wrong number stays wrong', () => {
    expect(formatIdCardInput('ABA300001')).toBe('ABA 300001');
  });
});
