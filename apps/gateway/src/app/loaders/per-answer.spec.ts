import { deepFreeze, isSharedValue } from '@lib/cache';
import { oncePerAnswer } from './per-answer';

describe('oncePerAnswer', () => {
  it('makes a view once per answer object and key, and again for another answer or key', () => {
    const make = jest.fn((answer: { value: number }, scale: number) => ({ shown: answer.value * scale }));
    const view = oncePerAnswer(make, (scale) => String(scale));
    const shared = { value: 2 };

    const first = view(shared, 10);
    expect(first).toEqual({ shown: 20 });
    expect(view(shared, 10)).toBe(first);
    expect(make).toHaveBeenCalledTimes(1);

    expect(view(shared, 3)).toEqual({ shown: 6 });
    // An equal answer that is another object (a fresh call's) is made again.
    expect(view({ value: 2 }, 10)).not.toBe(first);
    expect(make).toHaveBeenCalledTimes(3);
  });

  it('keeps a null view as made', () => {
    const make = jest.fn((_answer: object) => null);
    const view = oncePerAnswer(make, () => '');
    const answer = {};
    expect(view(answer)).toBeNull();
    expect(view(answer)).toBeNull();
    expect(make).toHaveBeenCalledTimes(1);
  });

  it('shares the view of a shared answer, frozen, and leaves the view of any other answer as made', () => {
    const view = oncePerAnswer(
      (answer: { items: string[] }) => ({ items: answer.items.map((item) => item.toUpperCase()) }),
      () => '',
    );
    const fromShared = view(deepFreeze({ items: ['a'] }));
    expect(isSharedValue(fromShared)).toBe(true);
    expect(isSharedValue(fromShared.items)).toBe(true);
    const fromOwn = view({ items: ['a'] });
    expect(isSharedValue(fromOwn)).toBe(false);
    expect(Object.isFrozen(fromOwn.items)).toBe(false);
  });
});
