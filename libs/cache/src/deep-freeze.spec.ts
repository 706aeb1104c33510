import { deepFreeze, isSharedValue } from './deep-freeze';

describe('deepFreeze and isSharedValue', () => {
  it('freezes every object inside the value and knows each of them as shared', () => {
    const value = { page: { title: 'Płaca minimalna', links: [{ text: 'a' }] }, count: 3 };
    expect(isSharedValue(value)).toBe(false);
    expect(deepFreeze(value)).toBe(value);
    for (const part of [value, value.page, value.page.links, value.page.links[0]]) {
      expect(Object.isFrozen(part)).toBe(true);
      expect(isSharedValue(part)).toBe(true);
    }
  });

  it('does not count an object frozen some other way, nor what is not an object', () => {
    const shallow = Object.freeze({ inner: { changeable: true } });
    deepFreeze(shallow);
    expect(isSharedValue(shallow)).toBe(false);
    expect(isSharedValue(shallow.inner)).toBe(false);
    expect(Object.isFrozen(shallow.inner)).toBe(false);
    expect(isSharedValue(null)).toBe(false);
    expect(isSharedValue('text')).toBe(false);
  });

  it('leaves a Buffer inside as it is', () => {
    const value = { bytes: Buffer.from('abc') };
    deepFreeze(value);
    expect(isSharedValue(value)).toBe(true);
    expect(isSharedValue(value.bytes)).toBe(false);
  });
});
