import { type Request } from 'express';
import { type FeatureHandler, reachedBy } from './feature';

const feature = (extra: Partial<FeatureHandler> = {}): FeatureHandler => ({
  name: 'test',
  stage: 'forms',
  endpoints: [
    { path: '/kontakt/', methods: ['GET', 'POST'] },
    { path: '/przejdz/', prefix: true, methods: ['GET'] },
  ],
  create: () => () => undefined,
  ...extra,
});

const request = (path: string) => ({ path }) as Request;

describe('reachedBy', () => {
  it('lets in the declared addresses, exact or within a prefix, and their pages’ payloads', () => {
    const reaches = reachedBy(feature());
    expect(reaches(request('/kontakt/'))).toBe(true);
    expect(reaches(request('/kontakt/_payload.json'))).toBe(true);
    expect(reaches(request('/przejdz/17/'))).toBe(true);
  });

  it('sends every other address past, also one that differs only in case or slash', () => {
    const reaches = reachedBy(feature());
    expect(reaches(request('/pozyczki-dla-studentow/'))).toBe(false);
    expect(reaches(request('/KONTAKT/'))).toBe(false);
    expect(reaches(request('/kontakt'))).toBe(false);
    expect(reaches(request('/'))).toBe(false);
  });

  it('asks the feature’s own rule instead of its endpoints when it has one', () => {
    const reaches = reachedBy(feature({ reaches: (path) => path.startsWith('/moje-dane/') }));
    expect(reaches(request('/moje-dane/cokolwiek/'))).toBe(true);
    expect(reaches(request('/moje-dane/_payload.json'))).toBe(true);
    expect(reaches(request('/kontakt/'))).toBe(false);
  });
});
