import { coverLines } from './article-cover';

describe('article cover lines', () => {
  it('breaks a title at plain spaces, never inside a figure joined by no-break spaces', () => {
    const lines = coverLines('Pierwsza pożyczka za 0\u00a0zł – jak to działa', 22);
    expect(lines).toEqual(['Pierwsza pożyczka za', '0\u00a0zł – jak to działa']);
    expect(coverLines('Kredyt na 10\u00a0000\u00a0zł', 12)).toEqual(['Kredyt na', '10\u00a0000\u00a0zł']);
  });
});
