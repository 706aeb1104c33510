import { ConfigError, loadConfig } from '@lib/config';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { EXAMPLE_OPERATOR } from '../../app/operator/operator';
import { gatewayEnvSchema } from './gateway-config';
import { type OperatorEnv, resolveOperator } from './operator-env';

/** A complete, valid identity of a company that is not the example (numbers pass their checksums). */
const REAL: Record<string, string> = {
  OPERATOR_NAME: 'Porównywarka Testowa sp. z o.o.',
  OPERATOR_LEGAL_FORM: 'spółka z ograniczoną odpowiedzialnością',
  OPERATOR_ADDRESS: 'ul. Testowa 5/7, 31-100 Kraków',
  OPERATOR_REGISTRY_COURT: 'Sąd Rejonowy dla Krakowa-Śródmieścia w Krakowie, XI Wydział Gospodarczy KRS',
  OPERATOR_KRS: '0000123456',
  OPERATOR_NIP: '526-025-02-74',
  OPERATOR_REGON: '12345678500002',
  OPERATOR_SHARE_CAPITAL: '50 000 zł',
  OPERATOR_EMAIL: 'biuro@porownywarka-testowa.pl',
  OPERATOR_PHONE: '+48 12 345 67 89',
  OPERATOR_DPO_EMAIL: 'iod@porownywarka-testowa.pl',
  OPERATOR_CREDIT_INTERMEDIARY_ENTRY: 'RPK012345',
};

/** Production as a deployment runs it: the site's origin is given (required there, gateway-config.ts). */
const PRODUCTION = { NODE_ENV: 'production', PUBLIC_ORIGIN: 'https://www.porownywarka-testowa.pl' };

/** The one line loadConfigOrExit prints for an environment (the gateway's start error). */
function startError(env: Record<string, string>): string {
  try {
    loadConfig(gatewayEnvSchema, env);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  return '(started)';
}

describe('operator identity in the gateway configuration', () => {
  it('uses the labelled example company outside production when nothing is configured', () => {
    for (const NODE_ENV of ['development', 'test']) {
      const config = loadConfig(gatewayEnvSchema, { NODE_ENV });
      expect(config.OPERATOR).toEqual(EXAMPLE_OPERATOR);
      expect(config.OPERATOR.example).toBe(true);
    }
  });

  it('refuses to start in production without the real data, naming every missing variable on one line', () => {
    const line = startError({ ...PRODUCTION });
    expect(line.split('\n')).toHaveLength(1);
    expect(line).toMatch(/^Invalid configuration: OPERATOR_NAME is required in production/);
    for (const variable of [
      'OPERATOR_LEGAL_FORM',
      'OPERATOR_ADDRESS',
      'OPERATOR_NIP',
      'OPERATOR_REGON',
      'OPERATOR_EMAIL',
      'OPERATOR_PHONE',
      'OPERATOR_DPO_EMAIL',
      'OPERATOR_CREDIT_INTERMEDIARY_ENTRY',
    ]) {
      expect(line).toContain(`${variable} is required in production`);
    }
  });

  it('refuses production without the entry in the register of credit intermediaries, naming the variable', () => {
    const { OPERATOR_CREDIT_INTERMEDIARY_ENTRY: _entry, ...withoutEntry } = REAL;
    expect(startError({ ...PRODUCTION, ...withoutEntry })).toBe(
      'Invalid configuration: OPERATOR_CREDIT_INTERMEDIARY_ENTRY is required in production (the real data of the company running the site; OPERATOR_EXAMPLE=true only for a non-public deployment)',
    );
    // Outside production too, once the identity is configured: it is part of it.
    expect(startError({ NODE_ENV: 'development', ...withoutEntry })).toMatch(
      /^Invalid configuration: OPERATOR_CREDIT_INTERMEDIARY_ENTRY is required once any OPERATOR_\* identity variable is set/,
    );
  });

  it('names the one bad variable with its value: a NIP with a wrong check digit', () => {
    expect(startError({ ...PRODUCTION, ...REAL, OPERATOR_NIP: '5260250275' })).toBe(
      'Invalid configuration: OPERATOR_NIP="5260250275" is not a valid NIP (check digit does not match)',
    );
  });

  it('starts in production with complete real data, normalising the numbers', () => {
    const config = loadConfig(gatewayEnvSchema, { ...PRODUCTION, ...REAL });
    expect(config.OPERATOR).toEqual({
      example: false,
      name: 'Porównywarka Testowa sp. z o.o.',
      legalForm: 'spółka z ograniczoną odpowiedzialnością',
      address: 'ul. Testowa 5/7, 31-100 Kraków',
      registryCourt: 'Sąd Rejonowy dla Krakowa-Śródmieścia w Krakowie, XI Wydział Gospodarczy KRS',
      krs: '0000123456',
      nip: '5260250274',
      regon: '12345678500002',
      shareCapital: '50 000 zł',
      email: 'biuro@porownywarka-testowa.pl',
      phone: '+48 12 345 67 89',
      dpoEmail: 'iod@porownywarka-testowa.pl',
      creditIntermediaryEntry: 'RPK012345',
    });
  });

  it('refuses the embedded example values in production, and accepts them with OPERATOR_EXAMPLE=true (labelled)', () => {
    const example: Record<string, string> = {
      OPERATOR_NAME: EXAMPLE_OPERATOR.name,
      OPERATOR_LEGAL_FORM: EXAMPLE_OPERATOR.legalForm,
      OPERATOR_ADDRESS: EXAMPLE_OPERATOR.address,
      OPERATOR_REGISTRY_COURT: EXAMPLE_OPERATOR.registryCourt!,
      OPERATOR_KRS: EXAMPLE_OPERATOR.krs!,
      OPERATOR_NIP: '123-456-32-18',
      OPERATOR_REGON: EXAMPLE_OPERATOR.regon,
      OPERATOR_SHARE_CAPITAL: EXAMPLE_OPERATOR.shareCapital!,
      OPERATOR_EMAIL: EXAMPLE_OPERATOR.email,
      OPERATOR_PHONE: '+48220000000',
      OPERATOR_DPO_EMAIL: EXAMPLE_OPERATOR.dpoEmail,
      OPERATOR_CREDIT_INTERMEDIARY_ENTRY: EXAMPLE_OPERATOR.creditIntermediaryEntry,
    };
    const line = startError({ ...PRODUCTION, ...example });
    for (const variable of [
      'OPERATOR_NAME',
      'OPERATOR_NIP',
      'OPERATOR_REGON',
      'OPERATOR_KRS',
      'OPERATOR_EMAIL',
      'OPERATOR_PHONE',
      'OPERATOR_DPO_EMAIL',
      'OPERATOR_CREDIT_INTERMEDIARY_ENTRY',
    ]) {
      expect(line).toMatch(new RegExp(`${variable}="[^"]*" is the embedded example value`));
    }
    const config = loadConfig(gatewayEnvSchema, {
      ...PRODUCTION,
      OPERATOR_EXAMPLE: 'true',
      ...example,
    });
    // shown as configured (the phone as typed, the NIP as digits)
    expect(config.OPERATOR).toEqual({ ...EXAMPLE_OPERATOR, phone: '+48220000000' });
    expect(loadConfig(gatewayEnvSchema, { ...PRODUCTION, OPERATOR_EXAMPLE: 'true' }).OPERATOR).toEqual(
      EXAMPLE_OPERATOR,
    );
  });

  it('requires KRS, its court and the share capital by legal form, not for a sole trader', () => {
    const company = (overrides: Partial<OperatorEnv>) =>
      resolveOperator({ OPERATOR_EXAMPLE: false, ...REAL, ...overrides }, true).problems;
    expect(
      company({ OPERATOR_KRS: undefined, OPERATOR_REGISTRY_COURT: undefined }).map((p) => p.variable),
    ).toEqual(['OPERATOR_KRS']);
    expect(company({ OPERATOR_REGISTRY_COURT: undefined }).map((p) => p.variable)).toEqual([
      'OPERATOR_REGISTRY_COURT',
    ]);
    expect(company({ OPERATOR_SHARE_CAPITAL: undefined }).map((p) => p.variable)).toEqual([
      'OPERATOR_SHARE_CAPITAL',
    ]);
    expect(
      company({ OPERATOR_LEGAL_FORM: 'spółka akcyjna', OPERATOR_SHARE_CAPITAL: undefined }).map(
        (p) => p.variable,
      ),
    ).toEqual(['OPERATOR_SHARE_CAPITAL']);
    const soleTrader = resolveOperator(
      {
        ...REAL,
        OPERATOR_EXAMPLE: false,
        OPERATOR_NAME: 'Jan Testowy Porównania',
        OPERATOR_LEGAL_FORM: 'jednoosobowa działalność gospodarcza (CEIDG)',
        OPERATOR_KRS: undefined,
        OPERATOR_REGISTRY_COURT: undefined,
        OPERATOR_SHARE_CAPITAL: undefined,
      },
      true,
    );
    expect(soleTrader.problems).toEqual([]);
    expect(soleTrader.operator).toMatchObject({ krs: null, registryCourt: null, shareCapital: null });
  });

  it('checks every format: address, REGON, e-mails, phone, share capital, register entry', () => {
    const problems = resolveOperator(
      {
        ...REAL,
        OPERATOR_EXAMPLE: false,
        OPERATOR_ADDRESS: 'Kraków',
        OPERATOR_REGON: '123456786',
        OPERATOR_EMAIL: 'biuro(at)firma',
        OPERATOR_DPO_EMAIL: 'iod',
        OPERATOR_PHONE: '12345',
        OPERATOR_SHARE_CAPITAL: 'pięć tysięcy',
        OPERATOR_CREDIT_INTERMEDIARY_ENTRY: '12345',
        OPERATOR_KRS: '123',
      },
      false,
    ).problems;
    expect(problems.map((p) => p.variable).sort()).toEqual(
      [
        'OPERATOR_ADDRESS',
        'OPERATOR_REGON',
        'OPERATOR_EMAIL',
        'OPERATOR_DPO_EMAIL',
        'OPERATOR_PHONE',
        'OPERATOR_SHARE_CAPITAL',
        'OPERATOR_CREDIT_INTERMEDIARY_ENTRY',
        'OPERATOR_KRS',
      ].sort(),
    );
    expect(
      resolveOperator(
        { ...REAL, OPERATOR_EXAMPLE: false, OPERATOR_CREDIT_INTERMEDIARY_ENTRY: 'RPK012345' },
        true,
      ).operator?.creditIntermediaryEntry,
    ).toBe('RPK012345');
  });

  it('outside production, a partly configured identity is an error, not a silent mix with the example', () => {
    expect(startError({ NODE_ENV: 'development', OPERATOR_NAME: 'Porównywarka Testowa sp. z o.o.' })).toMatch(
      /OPERATOR_LEGAL_FORM is required once any OPERATOR_\* identity variable is set/,
    );
    // real data in development are shown as they are, not labelled as an example
    expect(loadConfig(gatewayEnvSchema, { NODE_ENV: 'development', ...REAL }).OPERATOR.example).toBe(false);
  });

  it('deploy/operator.dev.env (compose, the k8s dev overlay) is the embedded example, labelled, and starts as production', () => {
    const file = readFileSync(path.resolve(__dirname, '../../../../../deploy/operator.dev.env'), 'utf8');
    const env = Object.fromEntries(
      file
        .split('\n')
        .filter((line) => line.trim() !== '' && !line.startsWith('#'))
        .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
    );
    expect(env['OPERATOR_EXAMPLE']).toBe('true');
    expect(loadConfig(gatewayEnvSchema, { ...PRODUCTION, ...env }).OPERATOR).toEqual(EXAMPLE_OPERATOR);
  });
});
