import { ELIGIBILITY_ITEMS, evaluateEligibility } from '@lib/pl-validation';
import {
  eligibilityView,
  MISSING_ANSWER,
  NO_ESTIMATE_YET,
  parseAnswer,
  UNKNOWN_ANSWER,
  valuesFromQuery,
} from './eligibility.view-model';

const view = (search: string) => eligibilityView(valuesFromQuery(new URLSearchParams(search)));

describe('eligibility quiz view model', () => {
  it('shows the bare address unanswered, with no estimate and no hints', () => {
    const result = view('');
    expect(result).toMatchObject({ band: null, estimate: NO_ESTIMATE_YET, reason: '', complete: false });
    expect(result.questions.map((q) => [q.answer, q.status, q.hint])).toEqual(
      Array(4).fill([null, 'bez odpowiedzi', '']),
    );
    expect(result.shareQuery).toBe('');
  });

  it('estimates a shared address in words: medium when only the ID card is missing, and says why', () => {
    const result = view('pelnoletni=tak&obywatel=tak&dowod=nie&konto=tak');
    expect(result).toMatchObject({ band: 'medium', estimate: 'średnie szanse', complete: true });
    expect(result.reason).toContain('tylko polski dowód osobisty');
    expect(result.questions.map((q) => [q.key, q.met, q.status, q.ifNo])).toEqual([
      ['over18', true, 'spełniony', 'niskie szanse'],
      ['citizen', true, 'spełniony', 'najwyżej średnie szanse'],
      ['validIdentity', false, 'niespełniony', 'najwyżej średnie szanse'],
      ['validBank', true, 'spełniony', 'niskie szanse'],
    ]);
    expect(result.shareQuery).toBe('?pelnoletni=tak&obywatel=tak&dowod=nie&konto=tak');
  });

  it('agrees with evaluateEligibility for every combination of answers, and never shows a percentage', () => {
    for (let mask = 0; mask < 16; mask += 1) {
      const yes = ELIGIBILITY_ITEMS.map((_item, index) => (mask & (1 << index)) !== 0);
      const names = ['pelnoletni', 'obywatel', 'dowod', 'konto'];
      const search = names.map((name, index) => `${name}=${yes[index] ? 'tak' : 'nie'}`).join('&');
      const answers = {
        over18: yes[0] === true,
        citizen: yes[1] === true,
        validIdentity: yes[2] === true,
        validBank: yes[3] === true,
      };
      const shown = view(search);
      expect(shown.band).toBe(evaluateEligibility(answers).band);
      expect(`${shown.estimate} ${shown.reason}`).not.toMatch(/%/);
    }
    expect(view('pelnoletni=tak&obywatel=tak&dowod=tak&konto=tak').estimate).toBe('wysokie szanse');
    expect(view('pelnoletni=tak&obywatel=tak&dowod=tak&konto=nie').estimate).toBe('niskie szanse');
  });

  it('shows missing and unknown answers unanswered with a Polish hint, and no estimate until all are answered', () => {
    const result = view('pelnoletni=TAK&obywatel=maybe&dowod=');
    expect(result).toMatchObject({ band: null, estimate: NO_ESTIMATE_YET, complete: false });
    expect(result.questions.map((q) => [q.answer, q.hint])).toEqual([
      ['tak', ''],
      [null, UNKNOWN_ANSWER],
      [null, MISSING_ANSWER],
      [null, MISSING_ANSWER],
    ]);
    expect(result.shareQuery).toBe('?pelnoletni=tak');
  });

  it('cuts over-long values so the page data stays small', () => {
    const values = valuesFromQuery(new URLSearchParams(`konto=${'x'.repeat(5000)}`));
    expect(values.validBank).toHaveLength(8);
    expect(eligibilityView(values).questions[3]?.hint).toBe(UNKNOWN_ANSWER);
  });

  it('reads answers in any case with spaces around, and nothing else', () => {
    expect(parseAnswer(' Nie ')).toBe('nie');
    expect(parseAnswer('tak')).toBe('tak');
    expect(parseAnswer('yes')).toBeNull();
    expect(parseAnswer(null)).toBeNull();
  });
});
