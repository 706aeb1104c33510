import { mapPageStrings, somePageString } from './page-strings';

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
});

describe('somePageString', () => {
  it('finds a string at any depth and nothing in numbers, nulls or keys', () => {
    expect(somePageString({ a: [{ b: 'jest {{x}}' }] }, (text) => text.includes('{{'))).toBe(true);
    expect(somePageString({ '{{key}}': 1, b: null, c: [2, 'tekst'] }, (text) => text.includes('{{'))).toBe(
      false,
    );
  });
});
