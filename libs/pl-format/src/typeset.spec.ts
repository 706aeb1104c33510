import { typesetHtml, typesetText } from './typeset';

const spaces = (text: string) => text.replace(/\u00a0/g, '⍽');

describe('typesetting typed text', () => {
  it('joins a number and zł or % with a no-break space', () => {
    expect(spaces(typesetText('pożyczka na 500 zł i 10 %'))).toBe('pożyczka na 500⍽zł i 10⍽%');
    expect(spaces(typesetText('kwota 500zł, 20 złotych'))).toBe('kwota 500⍽zł, 20⍽złotych');
    expect(spaces(typesetText('RRSO 12,5% i 100%.'))).toBe('RRSO 12,5⍽% i 100⍽%.');
    expect(typesetText('adres /szukaj?q=1%20000')).toBe('adres /szukaj?q=1%20000');
  });

  it('groups typed amounts in złoty and keeps grouped numbers on one line', () => {
    expect(spaces(typesetText('od 10000 zł do 2018,50 zł'))).toBe('od 10⍽000⍽zł do 2⍽018,50⍽zł');
    expect(spaces(typesetText('Kredyt 30 000 zł na 1 234 567 sposobów'))).toBe(
      'Kredyt 30⍽000⍽zł na 1⍽234⍽567 sposobów',
    );
    expect(spaces(typesetText('100–30 000 zł'))).toBe('100–30⍽000⍽zł');
  });

  it('leaves years, ages and counts that are no amounts alone', () => {
    const text = 'W 2026 roku 18 lat, art. 359 § 2, od 1 do 100 dni, Dz.U. 2025 poz. 1242, 2025 2026';
    expect(typesetText(text)).toBe(text);
  });

  it('writes every dash as an en dash', () => {
    expect(typesetText('Pożyczka — porównanie')).toBe('Pożyczka – porównanie');
  });

  it('changes only the text of HTML, never its tags', () => {
    expect(spaces(typesetHtml('<a href="/kredyt-10000-zl/" title="1 000 zł">1000 zł</a> — <b>5 %</b>'))).toBe(
      '<a href="/kredyt-10000-zl/" title="1 000 zł">1⍽000⍽zł</a> – <b>5⍽%</b>',
    );
  });
});
