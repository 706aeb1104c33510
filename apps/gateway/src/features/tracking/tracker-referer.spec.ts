import { ownPageWithoutQuery } from './tracker';

describe('ownPageWithoutQuery', () => {
  const saved = Object.getOwnPropertyDescriptor(globalThis, 'location');
  beforeAll(() => {
    Object.defineProperty(globalThis, 'location', {
      value: new URL('https://porownywarka.test/blog/'),
      configurable: true,
    });
  });
  afterAll(() => {
    if (saved) Object.defineProperty(globalThis, 'location', saved);
    else Reflect.deleteProperty(globalThis, 'location');
  });

  it('drops the query and fragment of a page of this site (a status link token is no referer)', () => {
    expect(ownPageWithoutQuery('https://porownywarka.test/moj-wniosek/?t=abc.123.mac#lista')).toBe(
      'https://porownywarka.test/moj-wniosek/',
    );
  });

  it("keeps another site's referer and anything that is not a URL as given", () => {
    expect(ownPageWithoutQuery('https://www.google.com/search?q=pozyczka')).toBe(
      'https://www.google.com/search?q=pozyczka',
    );
    expect(ownPageWithoutQuery('')).toBe('');
  });
});
