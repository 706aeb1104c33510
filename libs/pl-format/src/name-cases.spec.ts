import { type NameForms, declines, nameFormProblems, nominativesAfterPrepositions } from './name-cases';

const PLUS: NameForms = {
  nominative: 'Pożyczka Plus',
  genitive: 'Pożyczki Plus',
  instrumental: 'Pożyczką Plus',
  locative: 'Pożyczce Plus',
};
const KUKI: NameForms = { nominative: 'Kuki', genitive: 'Kuki', instrumental: 'Kuki', locative: 'Kuki' };
const TARATA: NameForms = {
  nominative: 'Tarata',
  genitive: 'firmy Tarata',
  instrumental: 'firmą Tarata',
  locative: 'firmie Tarata',
};

describe('name forms', () => {
  it('accepts complete forms of the name', () => {
    expect(nameFormProblems(PLUS)).toEqual([]);
    expect(nameFormProblems(TARATA)).toEqual([]);
  });

  it('names each missing, blank, overlong or foreign form', () => {
    expect(
      nameFormProblems({
        nominative: 'Vivus',
        genitive: '',
        instrumental: 'x'.repeat(81),
        locative: 'Wandoo',
      }),
    ).toEqual([
      'genitive: is required',
      'instrumental: must be at most 80 characters',
      'instrumental: "' + 'x'.repeat(81) + '" is not a form of "Vivus"',
      'locative: "Wandoo" is not a form of "Vivus"',
    ]);
    expect(nameFormProblems({ nominative: 'Vivus', genitive: ' Vivusa', locative: 'Vivusie' })).toEqual([
      'genitive: must be one line without surrounding or double spaces',
      'instrumental: is required',
    ]);
  });

  it('tells a name that declines from one that does not', () => {
    expect(declines(PLUS)).toBe(true);
    expect(declines(TARATA)).toBe(true);
    expect(declines(KUKI)).toBe(false);
  });
});

describe('nominative after a preposition', () => {
  const names = [PLUS, KUKI, TARATA];

  it('finds a declining name left in the nominative after a preposition', () => {
    const found = nominativesAfterPrepositions(
      'Opinie o Pożyczka Plus. W\u00a0Tarata pożyczysz. Umowa z Pożyczka  Plus.',
      names,
    );
    expect(found.map((f) => f.name)).toEqual(['Pożyczka Plus', 'Pożyczka Plus', 'Tarata']);
  });

  it('accepts declined forms, names that do not decline and other words', () => {
    expect(
      nominativesAfterPrepositions(
        'Opinie o Pożyczce Plus, w firmie Tarata, w Kuki, Pożyczka Plus udziela, oferta Tarata, Taratax i do Pożyczki Plus.',
        names,
      ),
    ).toEqual([]);
  });
});
