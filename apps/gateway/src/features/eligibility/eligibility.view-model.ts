import {
  ELIGIBILITY_BAND_LABELS,
  ELIGIBILITY_ITEMS,
  type EligibilityAnswers,
  type EligibilityBand,
  type EligibilityKey,
  eligibilityReason,
  evaluateEligibility,
} from '@lib/pl-validation/eligibility';

/*
 * The eligibility quiz page's one computation: the answers in the address → the estimate (a band,
 * never a percentage: nothing behind it is a measured probability), its reason and, per question,
 * whether the condition is met and what a 'no' does. The page component renders it on the server
 * (a shared address shows its result without JavaScript) and the `eligibility-quiz` island runs the
 * same function as the visitor answers. The rule is evaluateEligibility() from @lib/pl-validation,
 * the same function the leads service's EvaluateEligibility RPC uses, imported from its own module:
 * the library's index brings the zod application schemas, which would put ~95 KiB into this page's
 * first load.
 */

export const ELIGIBILITY_PATH = '/sprawdz-szanse/';

/** Names of the form fields and of the shared address's query parameters. */
export const ELIGIBILITY_QUERY = {
  over18: 'pelnoletni',
  citizen: 'obywatel',
  validIdentity: 'dowod',
  validBank: 'konto',
} as const satisfies Record<EligibilityKey, string>;

export const ELIGIBILITY_KEYS = ELIGIBILITY_ITEMS.map((item) => item.key);

/** The two answers, as written in the address and shown on the radio buttons. */
export const ANSWER_CHOICES = [
  { value: 'tak', label: 'Tak' },
  { value: 'nie', label: 'Nie' },
] as const;

export type AnswerValue = (typeof ANSWER_CHOICES)[number]['value'];

/** What the address holds, as given (cut to a bounded length: it is page data, a cache key). */
export type EligibilityValues = Record<EligibilityKey, string | null>;

const KEPT_LENGTH = 8;

export const MISSING_ANSWER = 'Zaznacz odpowiedź: Tak albo Nie.';
export const UNKNOWN_ANSWER = 'Nie rozpoznaliśmy tej odpowiedzi. Zaznacz Tak albo Nie.';

/** The answers in an address ('?pelnoletni=tak&obywatel=nie…'); a missing parameter is null. */
export function valuesFromQuery(query: URLSearchParams): EligibilityValues {
  const values = {} as EligibilityValues;
  for (const key of ELIGIBILITY_KEYS) {
    const value = query.get(ELIGIBILITY_QUERY[key]);
    values[key] = value === null ? null : value.slice(0, KEPT_LENGTH);
  }
  return values;
}

/** 'tak' or 'nie' (any case, spaces around allowed), otherwise null. */
export function parseAnswer(value: string | null): AnswerValue | null {
  const normalized = value?.trim().toLowerCase();
  return normalized === 'tak' || normalized === 'nie' ? normalized : null;
}

export interface QuestionView {
  key: EligibilityKey;
  /** The query parameter and field name. */
  name: string;
  question: string;
  answer: AnswerValue | null;
  /** The condition is met (answered 'tak'). */
  met: boolean;
  /** What a 'no' does to the estimate: 'niskie szanse' or 'najwyżej średnie szanse'. */
  ifNo: string;
  /** 'spełniony', 'niespełniony' or 'bez odpowiedzi'. */
  status: string;
  /** The Polish hint next to the question ('' when answered, or when the visitor has not started). */
  hint: string;
}

export interface EligibilityView {
  questions: QuestionView[];
  /** The band once every question has an answer; null before. */
  band: EligibilityBand | null;
  /** 'wysokie szanse', …, or what is still needed for an estimate. */
  estimate: string;
  /** Why the answers give this band; '' while incomplete. */
  reason: string;
  /** Whether every question has an answer. */
  complete: boolean;
  shareQuery: string;
}

/** What the result shows before every question has an answer: an estimate needs all four. */
export const NO_ESTIMATE_YET = 'brak – odpowiedz na wszystkie cztery pytania';

const IF_NO_TEXT: Readonly<Record<Exclude<EligibilityBand, 'high'>, string>> = {
  low: 'niskie szanse',
  medium: 'najwyżej średnie szanse',
};

/** Everything the page shows for these answers. */
export function eligibilityView(values: EligibilityValues): EligibilityView {
  const started = ELIGIBILITY_KEYS.some((key) => values[key] !== null);
  const parsed = Object.fromEntries(ELIGIBILITY_KEYS.map((key) => [key, parseAnswer(values[key])])) as Record<
    EligibilityKey,
    AnswerValue | null
  >;
  const answers = Object.fromEntries(
    ELIGIBILITY_KEYS.map((key) => [key, parsed[key] === 'tak']),
  ) as EligibilityAnswers;
  const result = evaluateEligibility(answers);
  const questions = ELIGIBILITY_ITEMS.map((item, index): QuestionView => {
    const answer = parsed[item.key];
    const met = result.items[index]?.satisfied ?? false;
    const given = values[item.key];
    return {
      key: item.key,
      name: ELIGIBILITY_QUERY[item.key],
      question: item.question,
      answer,
      met,
      ifNo: IF_NO_TEXT[item.ifNo],
      status: answer === null ? 'bez odpowiedzi' : met ? 'spełniony' : 'niespełniony',
      hint:
        answer !== null || !started
          ? ''
          : given === null || given.trim() === ''
            ? MISSING_ANSWER
            : UNKNOWN_ANSWER,
    };
  });
  const query = new URLSearchParams();
  for (const question of questions) if (question.answer !== null) query.set(question.name, question.answer);
  const search = query.toString();
  const complete = questions.every((question) => question.answer !== null);
  return {
    questions,
    band: complete ? result.band : null,
    estimate: complete ? ELIGIBILITY_BAND_LABELS[result.band] : NO_ESTIMATE_YET,
    reason: complete ? eligibilityReason(result) : '',
    complete,
    shareQuery: search ? `?${search}` : '',
  };
}
