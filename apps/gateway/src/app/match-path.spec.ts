import { compilePattern } from './match-path';

describe('route patterns', () => {
  it('matches literal routes exactly, with the trailing slash', () => {
    const about = compilePattern('/o-nas/');
    expect(about.match('/o-nas/')).toEqual({});
    expect(about.match('/o-nas')).toBeNull();
    expect(about.match('/o-nas/x/')).toBeNull();
    expect(compilePattern('/').match('/')).toEqual({});
    expect(compilePattern('/').match('/a/')).toBeNull();
  });

  it('decodes one-segment parameters', () => {
    const bank = compilePattern('/kursy-walut-w-bankach/:name/');
    expect(bank.match('/kursy-walut-w-bankach/pko-bp/')).toEqual({ name: 'pko-bp' });
    expect(bank.match('/kursy-walut-w-bankach/bank%20x/')).toEqual({ name: 'bank x' });
    expect(bank.match('/kursy-walut-w-bankach/')).toBeNull();
    expect(bank.match('/kursy-walut-w-bankach/a/b/')).toBeNull();
    expect(bank.match('/kursy-walut-w-bankach/%E0%A4%A/')).toBeNull();
  });

  it('matches one or more segments with :name+ and never empty ones', () => {
    const rest = compilePattern('/:path+/');
    expect(rest.match('/blog/page-2/')).toEqual({ path: 'blog/page-2' });
    expect(rest.match('/darmowe-pozyczki/')).toEqual({ path: 'darmowe-pozyczki' });
    expect(rest.match('/')).toBeNull();
    expect(rest.match('/a//b/')).toBeNull();
  });

  it('rejects malformed patterns when the table is built', () => {
    expect(() => compilePattern('/o-nas')).toThrow(/must start and end/);
    expect(() => compilePattern('/:rest+/x/')).toThrow(/last segment/);
    expect(() => compilePattern('/:1bad/')).toThrow(/Bad parameter/);
  });
});

describe('route patterns with prefixes and constraints', () => {
  it('matches a parameter after a literal prefix inside a segment', () => {
    const paged = compilePattern('/blog/page-:n/');
    expect(paged.match('/blog/page-2/')).toEqual({ n: '2' });
    expect(paged.match('/blog/page-/')).toBeNull();
    expect(paged.match('/blog/kredyty/')).toBeNull();
    expect(compilePattern('/blog/:tag/page-:n/').match('/blog/kredyty/page-3/')).toEqual({
      tag: 'kredyty',
      n: '3',
    });
  });

  it('lets a segment that breaks the constraint fall through to later routes', () => {
    const calendar = compilePattern('/kalendarz-:year(\\d{4})/');
    expect(calendar.match('/kalendarz-2025/')).toEqual({ year: '2025' });
    expect(calendar.match('/kalendarz-1989/')).toEqual({ year: '1989' });
    expect(calendar.match('/kalendarz-swiat/')).toBeNull();
    expect(calendar.match('/kalendarz-20255/')).toBeNull();
    expect(calendar.match('/kalendarz-2025/x/')).toBeNull();
  });

  it('rejects prefixes or constraints on rest parameters and bad constraints', () => {
    expect(() => compilePattern('/a-:rest+/')).toThrow(/cannot have a prefix/);
    expect(() => compilePattern('/:n([)/')).toThrow(/Bad constraint/);
  });
});
