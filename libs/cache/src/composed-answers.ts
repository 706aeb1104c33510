import { deepFreeze, isSharedValue } from './deep-freeze';

type Level = WeakMap<object, unknown>;

/**
 * Answers composed of parts that each come from the cache (a page, its article and its comments; a
 * currency pair and its history): while every part is a value the caches share, and so the same
 * object until its entry changes, the answer made of them is composed once, frozen and shared as
 * well, so that a service's gRPC server keeps its encoding too (withKeptEncodings in
 * @lib/service-kit). With any other part it is composed per call. Answers are kept only as long as
 * all their parts live.
 */
export class ComposedAnswers<Parts extends readonly [object, ...object[]], Answer extends object> {
  private readonly first: Level = new WeakMap();

  constructor(private readonly compose: (...parts: Parts) => Answer) {}

  of(...parts: Parts): Answer {
    if (!parts.every(isSharedValue)) return this.compose(...parts);
    let level = this.first;
    for (let i = 0; i < parts.length - 1; i++) {
      const part = parts[i] as object;
      let next = level.get(part) as Level | undefined;
      if (next === undefined) {
        next = new WeakMap();
        level.set(part, next);
      }
      level = next;
    }
    const last = parts[parts.length - 1] as object;
    let answer = level.get(last) as Answer | undefined;
    if (answer === undefined) {
      answer = deepFreeze(this.compose(...parts));
      level.set(last, answer);
    }
    return answer;
  }
}
