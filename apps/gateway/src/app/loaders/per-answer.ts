import { deepFreeze, isSharedValue } from '@lib/cache';

/**
 * `make` run once per service answer (the object itself) and per key of its other arguments, its
 * result kept while the answer lives: an answer shared between pages (the same object for every
 * page until it is refreshed: server/pages/shared-answers.ts, and the clients' kept decodes)
 * becomes its view once, and that view is frozen and shared too (isSharedValue), so that the walks
 * over page data (page-strings.ts) look at it once as well; any other answer is made into a view
 * per call as before, and its entry goes with it.
 */
export function oncePerAnswer<A extends object, X extends unknown[], R>(
  make: (answer: A, ...rest: X) => R,
  keyOf: (...rest: X) => string,
): (answer: A, ...rest: X) => R {
  const made = new WeakMap<A, Map<string, R>>();
  return (answer, ...rest) => {
    let views = made.get(answer);
    if (!views) {
      views = new Map();
      made.set(answer, views);
    }
    const key = keyOf(...rest);
    if (views.has(key)) return views.get(key) as R;
    const view = make(answer, ...rest);
    views.set(key, isSharedValue(answer) ? deepFreeze(view) : view);
    return view;
  };
}
