import { ELIGIBILITY_ITEMS, evaluateEligibility } from '@lib/pl-validation';
import {
  eligibilityView,
  MISSING_ANSWER,
  parseAnswer,
  UNKNOWN_ANSWER,
  valuesFromQuery,
} from './eligibility.view-model';

const view = (search: string) => eligibilityView(valuesFromQuery(new URLSearchParams(search)));

describe('eligibility quiz view model', () => {
  it('shows the bare address unanswered, at 0%, without hints', () => {
    const result = view('');
    expect(result.chance).toBe('0%');
    expect(result.complete).toBe(false);
    expect(result.questions.map((q) => [q.answer, q.status, q.hint])).toEqual(
      Array(4).fill([null, 'bez odpowiedzi', '']),
    );
    expect(result.shareQuery).toBe('');
  });

  it('scores a shared address: 20 + 35 + 28 = 83% when only the ID is missing', () => {
    const result = view('pelnoletni=tak&obywatel=tak&dowod=nie&konto=tak');
    expect(result.chancePercent).toBe(83);
    expect(result.chance).toBe('83%');
    expect(result.complete).toBe(true);
    expect(result.questions.map((q) => [q.key, q.weight, q.counted, q.status])).toEqual([
      ['over18', '20%', true, 'liczy się (+20%)'],
      ['citizen', '35%', true, 'liczy się (+35%)'],
      ['validIdentity', '15%', false, 'nie liczy się'],
      ['validBank', '28%', true, 'liczy się (+28%)'],
    ]);
    expect(result.shareQuery).toBe('?pelnoletni=tak&obywatel=tak&dowod=nie&konto=tak');
  });

  it('agrees with evaluateEligibility for every combination of answers', () => {
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
      expect(view(search).chancePercent).toBe(evaluateEligibility(answers).chancePercent);
    }
    expect(view('pelnoletni=tak&obywatel=tak&dowod=tak&konto=tak').chance).toBe('98%');
  });

  it('shows missing and unknown answers unanswered with a Polish hint, counting nothing for them', () => {
    const result = view('pelnoletni=TAK&obywatel=maybe&dowod=');
    expect(result.chancePercent).toBe(20);
    expect(result.complete).toBe(false);
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
