import { env } from '@lib/config';
import {
  isEmail,
  isKrs,
  isNip,
  isRegon,
  normalizeKrs,
  normalizeNip,
  normalizePolishPhone,
  normalizeRegon,
} from '@lib/pl-validation';
import { z } from 'zod';
import { EXAMPLE_OPERATOR, type OperatorView } from '../../app/operator/operator';

/*
 * The operator's identity from the environment (contract: /work/notes/operator-contract.md, README
 * "Environment variables"). Read by config.ts and so validated once at start, with the other variables.
 *
 * - NODE_ENV=production without OPERATOR_EXAMPLE=true: every required variable is set, valid and
 *   not the embedded example's value; otherwise the gateway does not start (config.ts → one line
 *   naming each variable, like every other configuration error).
 * - Otherwise, with no OPERATOR_* identity variable set: the embedded example company, and every
 *   page showing it says the data are an example.
 * - Any identity variable set (any NODE_ENV): the same checks as production except the example
 *   comparison; OPERATOR_EXAMPLE=true still labels the data as an example (the dev overlay).
 */

const optionalText = z.string().optional();

/** The variables as read (merged into the gateway's environment schema). */
export const operatorEnvFields = {
  /** Explicit opt-in for non-public deployments: the example company (or the given data) labelled as an example. */
  OPERATOR_EXAMPLE: env.bool(false),
  OPERATOR_NAME: optionalText,
  OPERATOR_LEGAL_FORM: optionalText,
  OPERATOR_ADDRESS: optionalText,
  OPERATOR_REGISTRY_COURT: optionalText,
  OPERATOR_KRS: optionalText,
  OPERATOR_NIP: optionalText,
  OPERATOR_REGON: optionalText,
  OPERATOR_SHARE_CAPITAL: optionalText,
  OPERATOR_EMAIL: optionalText,
  OPERATOR_PHONE: optionalText,
  OPERATOR_DPO_EMAIL: optionalText,
  OPERATOR_CREDIT_INTERMEDIARY_ENTRY: optionalText,
};

export type OperatorEnv = { OPERATOR_EXAMPLE: boolean } & Partial<
  Record<Exclude<keyof typeof operatorEnvFields, 'OPERATOR_EXAMPLE'>, string>
>;
export type OperatorVariable = Exclude<keyof OperatorEnv, 'OPERATOR_EXAMPLE'>;

export interface OperatorProblem {
  variable: OperatorVariable;
  message: string;
}

/** Identity variables; any of them set means the identity is configured (and must be complete). */
export const OPERATOR_VARIABLES: readonly OperatorVariable[] = Object.keys(operatorEnvFields).filter(
  (name): name is OperatorVariable => name !== 'OPERATOR_EXAMPLE',
);

const ALWAYS_REQUIRED: readonly OperatorVariable[] = [
  'OPERATOR_NAME',
  'OPERATOR_LEGAL_FORM',
  'OPERATOR_ADDRESS',
  'OPERATOR_NIP',
  'OPERATOR_REGON',
  'OPERATOR_EMAIL',
  'OPERATOR_PHONE',
  'OPERATOR_DPO_EMAIL',
  // A credit intermediary states its entry in the KNF register wherever it addresses consumers: the
  // footer of every page, /o-nas/ and the terms show it, so it is required like the company's numbers.
  'OPERATOR_CREDIT_INTERMEDIARY_ENTRY',
];

/** The example's value of each variable: production refuses them (the example must never go public). */
const EXAMPLE_VALUES: Partial<Record<OperatorVariable, string>> = {
  OPERATOR_NAME: EXAMPLE_OPERATOR.name,
  OPERATOR_ADDRESS: EXAMPLE_OPERATOR.address,
  OPERATOR_KRS: EXAMPLE_OPERATOR.krs ?? undefined,
  OPERATOR_NIP: EXAMPLE_OPERATOR.nip,
  OPERATOR_REGON: EXAMPLE_OPERATOR.regon,
  OPERATOR_EMAIL: EXAMPLE_OPERATOR.email,
  OPERATOR_PHONE: EXAMPLE_OPERATOR.phone,
  OPERATOR_DPO_EMAIL: EXAMPLE_OPERATOR.dpoEmail,
  OPERATOR_CREDIT_INTERMEDIARY_ENTRY: EXAMPLE_OPERATOR.creditIntermediaryEntry,
};

/** Values compared with the example after the same normalisation as the checks. */
const comparable = (variable: OperatorVariable, value: string): string => {
  if (variable === 'OPERATOR_NIP') return normalizeNip(value);
  if (variable === 'OPERATOR_REGON') return normalizeRegon(value);
  if (variable === 'OPERATOR_KRS') return normalizeKrs(value);
  if (variable === 'OPERATOR_PHONE') return normalizePolishPhone(value) ?? value;
  return value.toLowerCase();
};

/** Companies registered in the KRS (not a sole trader, not a civil partnership). */
const inKrs = (legalForm: string) =>
  /spółk|\bS\.A\.|sp\. z o\.o\./i.test(legalForm) && !/cywiln/i.test(legalForm);
/** Legal forms that must state their share capital (KSH art. 206 and 374, also S.K.A.): not the simple joint-stock company. */
const hasShareCapital = (legalForm: string) =>
  /ograniczon/i.test(legalForm) || (/akcyjn/i.test(legalForm) && !/prost/i.test(legalForm));

const FORMAT_CHECKS: Partial<Record<OperatorVariable, (value: string) => string | null>> = {
  OPERATOR_NAME: (value) =>
    value.length >= 3 && value.length <= 200 ? null : 'must be the registered name, 3–200 characters',
  OPERATOR_LEGAL_FORM: (value) =>
    value.length >= 3 && value.length <= 120
      ? null
      : 'must be the legal form in words, e.g. "spółka z ograniczoną odpowiedzialnością"',
  OPERATOR_ADDRESS: (value) =>
    /\S.*,\s*\d{2}-\d{3}\s+\S/.test(value)
      ? null
      : 'must be "street and number, NN-NNN city", e.g. "ul. Prosta 1, 00-001 Warszawa"',
  OPERATOR_REGISTRY_COURT: (value) =>
    /^Sąd Rejonowy\b/.test(value)
      ? null
      : 'must name the registry court, e.g. "Sąd Rejonowy dla m.st. Warszawy w Warszawie, XII Wydział Gospodarczy KRS"',
  OPERATOR_KRS: (value) => (isKrs(value) ? null : 'must be a KRS number: 10 digits with leading zeros'),
  OPERATOR_NIP: (value) =>
    !/^\d{10}$/.test(normalizeNip(value))
      ? 'must be a NIP: 10 digits'
      : isNip(value)
        ? null
        : 'is not a valid NIP (check digit does not match)',
  OPERATOR_REGON: (value) =>
    !/^(\d{9}|\d{14})$/.test(normalizeRegon(value))
      ? 'must be a REGON: 9 or 14 digits'
      : isRegon(value)
        ? null
        : 'is not a valid REGON (check digit does not match)',
  OPERATOR_SHARE_CAPITAL: (value) =>
    /^\d[\d\s]*(,\d{2})?\s?zł$/.test(value) ? null : 'must be an amount in złoty as printed, e.g. "5 000 zł"',
  OPERATOR_EMAIL: (value) => (isEmail(value) ? null : 'must be an e-mail address'),
  OPERATOR_DPO_EMAIL: (value) => (isEmail(value) ? null : 'must be an e-mail address'),
  OPERATOR_PHONE: (value) =>
    normalizePolishPhone(value) ? null : 'must be a Polish phone number, e.g. "+48 22 000 00 00"',
  OPERATOR_CREDIT_INTERMEDIARY_ENTRY: (value) =>
    /^RPK\d{6}$/.test(value)
      ? null
      : 'must be an entry of the KNF register of credit intermediaries, e.g. "RPK000000"',
};

/**
 * The operator to show, or every problem with the variables. `production` is NODE_ENV=production;
 * OPERATOR_EXAMPLE=true lifts its requirement of real data.
 */
export function resolveOperator(
  input: OperatorEnv,
  production: boolean,
): { operator: OperatorView; problems: [] } | { operator: null; problems: OperatorProblem[] } {
  const strict = production && !input.OPERATOR_EXAMPLE;
  const configured = OPERATOR_VARIABLES.some((variable) => input[variable] !== undefined);
  if (!configured && !strict) return { operator: EXAMPLE_OPERATOR, problems: [] };

  const problems: OperatorProblem[] = [];
  const missing = strict
    ? 'is required in production (the real data of the company running the site; OPERATOR_EXAMPLE=true only for a non-public deployment)'
    : 'is required once any OPERATOR_* identity variable is set';
  const legalForm = input.OPERATOR_LEGAL_FORM ?? '';
  const required = new Set(ALWAYS_REQUIRED);
  if (inKrs(legalForm)) required.add('OPERATOR_KRS');
  if (input.OPERATOR_KRS !== undefined) required.add('OPERATOR_REGISTRY_COURT');
  if (hasShareCapital(legalForm)) required.add('OPERATOR_SHARE_CAPITAL');

  for (const variable of OPERATOR_VARIABLES) {
    const value = input[variable];
    if (value === undefined) {
      if (required.has(variable)) problems.push({ variable, message: missing });
      continue;
    }
    const invalid = FORMAT_CHECKS[variable]?.(value) ?? null;
    if (invalid !== null) problems.push({ variable, message: invalid });
    else if (
      strict &&
      EXAMPLE_VALUES[variable] !== undefined &&
      comparable(variable, value) === comparable(variable, EXAMPLE_VALUES[variable])
    )
      problems.push({
        variable,
        message:
          'is the embedded example value; set the real one (or OPERATOR_EXAMPLE=true for a non-public deployment)',
      });
  }
  if (problems.length > 0) return { operator: null, problems };

  const text = (variable: OperatorVariable) => input[variable] ?? '';
  return {
    operator: {
      example: input.OPERATOR_EXAMPLE,
      name: text('OPERATOR_NAME'),
      legalForm,
      address: text('OPERATOR_ADDRESS'),
      registryCourt: input.OPERATOR_REGISTRY_COURT ?? null,
      krs: input.OPERATOR_KRS === undefined ? null : normalizeKrs(input.OPERATOR_KRS),
      nip: normalizeNip(text('OPERATOR_NIP')),
      regon: normalizeRegon(text('OPERATOR_REGON')),
      shareCapital: input.OPERATOR_SHARE_CAPITAL ?? null,
      email: text('OPERATOR_EMAIL'),
      phone: text('OPERATOR_PHONE'),
      dpoEmail: text('OPERATOR_DPO_EMAIL'),
      creditIntermediaryEntry: text('OPERATOR_CREDIT_INTERMEDIARY_ENTRY'),
    },
    problems: [],
  };
}
