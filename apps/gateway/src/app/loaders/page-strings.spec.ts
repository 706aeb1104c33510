import { deepFreeze, isSharedValue } from '@lib/cache';
import { type KeptWalks, mapPageStrings, somePageString } from './page-strings';

describe('mapPageStrings', () => {
  const upper = (text: string) => (text.startsWith('x') ? text.toUpperCase() : text);

  it('changes every string at any depth, naming the property that holds it', () => {
    const seen: string[] = [];
    const data = { title: 'xa', list: ['b', 'xc'], deep: { bodyHtml: 'xd', count: 3, none: null } };
    const changed = mapPageStrings(data, (text, key) => {
      seen.push(`${key}=${text}`);
      return upper(text);
    });
    expect(changed).toEqual({
      title: 'XA',
      list: ['b', 'XC'],
      deep: { bodyHtml: 'XD', count: 3, none: null },
    });
    expect(seen).toEqual(['title=xa', 'list=b', 'list=xc', 'bodyHtml=xd']);
    expect(data).toEqual({ title: 'xa', list: ['b', 'xc'], deep: { bodyHtml: 'xd', count: 3, none: null } });
  });

  it('returns unchanged parts as the same objects, and frozen data without a copy', () => {
    const offers = Object.freeze({ items: Object.freeze([Object.freeze({ name: 'a' })]) });
    const data = { page: { title: 'xa' }, offers };
    const changed = mapPageStrings(data, upper);
    expect(changed).not.toBe(data);
    expect(changed.offers).toBe(offers);
    expect(mapPageStrings(offers, upper)).toBe(offers);
  });

  it('walks a shared part once per kept walk, and every other part each time', () => {
    const seen: string[] = [];
    const counted = (text: string) => {
      seen.push(text);
      return upper(text);
    };
    const kept: KeptWalks<unknown> = new WeakMap();
    const review = deepFreeze({ bodyHtml: 'xbody', faq: [{ answerHtml: 'xanswer' }] });
    const first = mapPageStrings({ review, own: { title: 'xown' } }, counted, '', kept);
    const second = mapPageStrings({ review, own: { title: 'xown' } }, counted, '', kept);
    expect(second.review).toBe(first.review);
    expect(second.review).toEqual({ bodyHtml: 'XBODY', faq: [{ answerHtml: 'XANSWER' }] });
    expect(seen).toEqual(['xbody', 'xanswer', 'xown', 'xown']);
    expect(isSharedValue(first.review)).toBe(true);
    expect(isSharedValue(first.own)).toBe(false);
    // A part frozen by other means may hold parts that change: it is walked every time.
    const frozenOnly = Object.freeze({ title: 'xa' });
    mapPageStrings(frozenOnly, counted, '', kept);
    mapPageStrings(frozenOnly, counted, '', kept);
    expect(seen.slice(4)).toEqual(['xa', 'xa']);
  });
});

describe('somePageString', () => {
  it('finds a string at any depth and nothing in numbers, nulls or keys', () => {
    expect(somePageString({ a: [{ b: 'jest {{x}}' }] }, (text) => text.includes('{{'))).toBe(true);
    expect(somePageString({ '{{key}}': 1, b: null, c: [2, 'tekst'] }, (text) => text.includes('{{'))).toBe(
      false,
    );
  });

  it('looks at a shared part once per kept walk', () => {
    let looked = 0;
    const test = (text: string) => {
      looked += 1;
      return text.includes('{{');
    };
    const kept: KeptWalks<boolean> = new WeakMap();
    const withToken = deepFreeze({ a: 'tekst', b: 'jest {{x}}' });
    const without = deepFreeze({ a: 'tekst' });
    expect(somePageString({ withToken }, test, kept)).toBe(true);
    expect(somePageString({ without }, test, kept)).toBe(false);
    expect(looked).toBe(3);
    expect(somePageString({ withToken }, test, kept)).toBe(true);
    expect(somePageString({ without }, test, kept)).toBe(false);
    expect(looked).toBe(3);
  });
});
