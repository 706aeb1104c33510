import { deepFreeze, isSharedValue } from './deep-freeze';
import { ComposedAnswers } from './composed-answers';

describe('ComposedAnswers', () => {
  const composeCounted = () => {
    let calls = 0;
    const answers = new ComposedAnswers((page: { path: string }, comments: { total: number }) => {
      calls += 1;
      return { page: { ...page, body: '' }, comments };
    });
    return { answers, calls: () => calls };
  };

  it('composes once while every part is the same shared value, and shares the answer', () => {
    const { answers, calls } = composeCounted();
    const page = deepFreeze({ path: '/placa-minimalna/' });
    const comments = deepFreeze({ total: 2 });
    const first = answers.of(page, comments);
    expect(answers.of(page, comments)).toBe(first);
    expect(calls()).toBe(1);
    expect(isSharedValue(first)).toBe(true);
    expect(isSharedValue(first.page)).toBe(true);
    expect(Object.isFrozen(first.page)).toBe(true);
  });

  it('composes anew when a part changes', () => {
    const { answers, calls } = composeCounted();
    const page = deepFreeze({ path: '/placa-minimalna/' });
    const first = answers.of(page, deepFreeze({ total: 2 }));
    const second = answers.of(page, deepFreeze({ total: 3 }));
    expect(second).not.toBe(first);
    expect(second.comments.total).toBe(3);
    expect(calls()).toBe(2);
  });

  it('composes per call, unfrozen, when a part is not a shared value', () => {
    const { answers, calls } = composeCounted();
    const page = { path: '/placa-minimalna/' };
    const comments = deepFreeze({ total: 2 });
    const first = answers.of(page, comments);
    expect(answers.of(page, comments)).not.toBe(first);
    expect(calls()).toBe(2);
    expect(Object.isFrozen(first)).toBe(false);
  });
});
