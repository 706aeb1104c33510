import {
  articleFront,
  lenderFront,
  markdown,
  sections,
  seoFront,
  tagsYaml,
  contentTree,
  words,
} from '@lib/testing';
import { buildBundle, truncate } from './build-bundle';
import { ContentValidationError, type ContentIssue } from './content-issues';

function issuesOf(changes: Record<string, string | null>): ContentIssue[] {
  try {
    buildBundle(contentTree(changes));
  } catch (error) {
    if (error instanceof ContentValidationError) return [...error.issues];
    throw error;
  }
  throw new Error('expected the content to be rejected');
}

const SEO = 'pages/mala-pozyczka.md';
const ARTICLE = 'articles/placa-minimalna.md';

describe('buildBundle: a valid tree', () => {
  const bundle = buildBundle(contentTree());

  it('renders every kind of file into routes with their metadata', () => {
    const page = bundle.pages[0]!;
    expect(page).toMatchObject({
      path: '/mala-pozyczka/',
      type: 'seo',
      link: '/mala-pozyczka/',
      showOffers: true,
      offerBlock: {
        amountZl: 1000,
        periodDays: 61,
        productTypes: [],
        firstLoanFreeOnly: false,
        ageFrom: 0,
        ageTo: 0,
        business: false,
        withoutCreditCheck: false,
        fallbackPath: '',
      },
      sourceFile: 'content/pages/mala-pozyczka.md',
    });
    expect(page.introHtml).toBe('<p>Krótko o małych pożyczkach.</p>');
    expect(page.faq[0]).toEqual({
      question: 'Czy to bezpłatne?',
      answerHtml: '<p>Porównanie jest <strong>bezpłatne</strong>.</p>',
    });
    expect(page.toc.map((t) => t.anchor)).toEqual(['sekcja-numer-1', 'sekcja-numer-2', 'sekcja-numer-3']);
    expect(page.contentHash).toMatch(/^[0-9a-f]{64}$/);
    expect(bundle.articles[0]!.route).toMatchObject({
      path: '/placa-minimalna/',
      type: 'blog',
      publishedOn: '2026-01-05',
      updatedOn: '2026-02-10',
    });
    expect(bundle.tags).toHaveLength(14);
    expect(bundle.tags[1]!.route).toMatchObject({
      path: '/blog/kredyty/',
      type: 'tag',
      link: 'kredyty',
      title: 'Tag kredyty – artykuły na blogu',
    });
    expect(bundle.authors[0]!.route).toMatchObject({
      path: '/autor/redakcja/',
      type: 'author',
      h1: 'Redakcja',
    });
    expect(bundle.lenders[0]!.route).toMatchObject({ path: '/opinie-o-pozyczkach/vivus/', type: 'lender' });
    expect(bundle.navigation.document.footerColumns.map((c) => c.id)).toEqual([
      'loans',
      'credits',
      'cities',
      'company',
    ]);
  });

  it('counts words of intro, body and FAQ for seo pages and derives reading time at 200 words a minute', () => {
    const page = bundle.pages[0]!;
    expect(page.wordCount).toBeGreaterThan(300);
    expect(page.readingMinutes).toBe(Math.ceil(page.wordCount / 200));
    const article = bundle.articles[0]!.route;
    expect(article.readingMinutes).toBe(Math.ceil(article.wordCount / 200));
  });

  it('hashes each file so an unchanged source is recognisable', () => {
    expect(buildBundle(contentTree()).pages[0]!.contentHash).toBe(bundle.pages[0]!.contentHash);
    const edited = buildBundle(
      contentTree({ [SEO]: markdown(seoFront({ h1: 'Inny nagłówek' }), sections(3, 100)) }),
    );
    expect(edited.pages[0]!.contentHash).not.toBe(bundle.pages[0]!.contentHash);
  });
});

describe('buildBundle: typed figures are typeset like formatted ones', () => {
  it('joins numbers and zł or % with no-break spaces, groups amounts and writes en dashes, in front matter and body', () => {
    const bundle = buildBundle(
      contentTree({
        [SEO]: markdown(
          seoFront({
            title: 'Pożyczka 10000 zł — porównanie',
            intro: 'Od 500 zł do 30 000 zł, prowizja 5 %.',
          }),
          `${sections(3, 100)}\n\nKwota 4806 zł — to płaca minimalna, a RRSO 12,5% jest typowe.`,
        ),
      }),
    );
    const page = bundle.pages.find((p) => p.path === '/mala-pozyczka/')!;
    const spaces = (text: string) => text.replace(/\u00a0/g, '⍽');
    expect(spaces(page.title)).toBe('Pożyczka 10⍽000⍽zł – porównanie');
    expect(spaces(page.introHtml)).toBe('<p>Od 500⍽zł do 30⍽000⍽zł, prowizja 5⍽%.</p>');
    expect(spaces(page.bodyHtml)).toContain(
      'Kwota 4⍽806⍽zł – to płaca minimalna, a RRSO 12,5⍽% jest typowe.',
    );
  });
});

describe('buildBundle: every error names the file and the field', () => {
  it('title longer than 60 characters', () => {
    expect(issuesOf({ [SEO]: markdown(seoFront({ title: 'x'.repeat(61) }), sections(3, 100)) })).toEqual([
      { file: 'content/pages/mala-pozyczka.md', field: 'title', message: 'must be at most 60 characters' },
    ]);
  });

  it('missing required fields, unknown fields and bad dates, all at once', () => {
    const front = seoFront({
      description: undefined,
      descripton: 'literówka',
      published: '2026-02-30',
      updated: 'jutro',
    });
    const issues = issuesOf({ [SEO]: markdown(front, sections(3, 100)) });
    expect(issues).toEqual(
      expect.arrayContaining([
        { file: 'content/pages/mala-pozyczka.md', field: 'description', message: 'is required' },
        {
          file: 'content/pages/mala-pozyczka.md',
          field: 'descripton',
          message: 'is not a known field (see content/README.md)',
        },
        {
          file: 'content/pages/mala-pozyczka.md',
          field: 'published',
          message: 'is not a real calendar date',
        },
        { file: 'content/pages/mala-pozyczka.md', field: 'updated', message: 'must be a date YYYY-MM-DD' },
      ]),
    );
  });

  it('seo rules: intro, 3-5 FAQ items, 2-6 related paths, updated not before published', () => {
    const front = seoFront({
      intro: undefined,
      faq: [{ question: 'Jedno?', answer: 'Tak.' }],
      related: ['/placa-minimalna/'],
      updated: '2025-12-31',
    });
    const fields = issuesOf({ [SEO]: markdown(front, sections(3, 100)) }).map(
      (i) => `${i.field}: ${i.message}`,
    );
    expect(fields).toEqual(
      expect.arrayContaining([
        'intro: is required on seo pages',
        'faq: must have 3-5 items, has 1',
        'related: must have 2-6 items, has 1',
        'updated: must not be before published (2026-01-10)',
      ]),
    );
  });

  it('seo body: at least three ## sections and 300 words with intro and FAQ', () => {
    const issues = issuesOf({ [SEO]: markdown(seoFront(), sections(2, 50)) });
    expect(issues.map((i) => `${i.file} ${i.field}: ${i.message}`)).toEqual([
      'content/pages/mala-pozyczka.md body: must have at least 3 "##" sections, has 2',
      expect.stringMatching(
        /^content\/pages\/mala-pozyczka\.md body: must have at least 300 words with intro and FAQ, has \d+$/,
      ),
    ]);
  });

  it('articles: 500 words, known tags and author, sources as URLs, slug equal to the file name', () => {
    const file = 'content/articles/placa-minimalna.md';
    const badSource = articleFront({ sources: [{ name: 'ISAP', url: 'isap' }] });
    expect(issuesOf({ [ARTICLE]: markdown(badSource, sections(2, 260)) })).toEqual(
      expect.arrayContaining([{ file, field: 'sources[0].url', message: 'must be an absolute http(s) URL' }]),
    );
    expect(issuesOf({ [ARTICLE]: markdown(articleFront({ slug: 'inna-nazwa' }), sections(2, 260)) })).toEqual(
      expect.arrayContaining([
        { file, field: 'slug', message: 'must match the file name ("placa-minimalna")' },
      ]),
    );
    const valid = issuesOf({
      [ARTICLE]: markdown(
        articleFront({ tags: ['kredyty', 'nieznany-tag'], author: 'nikt' }),
        sections(1, 100),
      ),
    });
    expect(valid).toEqual(
      expect.arrayContaining([
        {
          file,
          field: 'body',
          message: expect.stringMatching(/^must have at least 500 words, has \d+$/) as string,
        },
        { file, field: 'author', message: 'no author "nikt" in content/authors/' },
        { file, field: 'tags[1]', message: '"nieznany-tag" is not in content/tags.yaml' },
      ]),
    );
  });

  it('figures: each names the day it applies from and a deep-linked source, or the import stops', () => {
    const file = 'content/articles/placa-minimalna.md';
    const isap = 'https://isap.sejm.gov.pl/isap.nsf/DocDetails.xsp?id=WDU20250001242';
    const withFigures = (figures: unknown[]) =>
      issuesOf({ [ARTICLE]: markdown(articleFront({ figures }), sections(2, 260)) });
    expect(
      withFigures([
        { name: 'Płaca minimalna', value: '4806 zł', source: { name: 'Rozporządzenie RM', url: isap } },
        { name: 'Stawka godzinowa', value: 31.4, appliesFrom: '2026-01-01' },
        {
          name: 'Stopa',
          value: '4%',
          appliesFrom: '1.01.2026',
          source: { name: 'NBP', url: 'https://nbp.pl/' },
        },
        {
          name: 'Limit',
          value: '10%',
          appliesFrom: '2026-02-01',
          validUntil: '2026-01-31',
          source: { name: 'ISAP', url: isap },
        },
      ]),
    ).toEqual([
      {
        file,
        field: 'figures[0].appliesFrom',
        message: 'is required: the day (YYYY-MM-DD) the figure applies from',
      },
      { file, field: 'figures[1].source', message: 'is required' },
      { file, field: 'figures[2].appliesFrom', message: 'must be a date YYYY-MM-DD' },
      {
        file,
        field: 'figures[2].source.url',
        message:
          'must link the page that states the fact (the act in ISAP, the register entry), not the home page https://nbp.pl/',
      },
      { file, field: 'figures[3].validUntil', message: 'must not be before appliesFrom (2026-02-01)' },
    ]);
    const page = markdown(
      seoFront({ figures: [{ name: 'Odsetki maksymalne', value: '20,5%', appliesFrom: '2026-01-01' }] }),
      sections(3, 100),
    );
    expect(issuesOf({ [SEO]: page })).toEqual([
      { file: 'content/pages/mala-pozyczka.md', field: 'figures[0].source', message: 'is required' },
    ]);
    const valid = {
      name: 'Płaca minimalna',
      value: 4806,
      appliesFrom: '2026-01-01',
      source: { name: 'ISAP', url: isap },
    };
    expect(() =>
      buildBundle(contentTree({ [ARTICLE]: markdown(articleFront({ figures: [valid] }), sections(2, 260)) })),
    ).not.toThrow();
  });

  it('unique paths and titles across all files', () => {
    const duplicatePath = markdown(seoFront({ title: 'Inny tytuł strony' }), sections(3, 100));
    const duplicateTitle = markdown(seoFront({ path: '/pozyczka-na-dowod/' }), sections(3, 100));
    const issues = issuesOf({ 'pages/zz-kopia.md': duplicatePath, 'pages/zz-tytul.md': duplicateTitle });
    expect(issues).toEqual(
      expect.arrayContaining([
        {
          file: 'content/pages/zz-kopia.md',
          field: 'path',
          message: 'path "/mala-pozyczka/" is already used by content/pages/mala-pozyczka.md',
        },
        {
          file: 'content/pages/zz-tytul.md',
          field: 'title',
          message: 'title "Mała pożyczka online" is already used by content/pages/mala-pozyczka.md',
        },
      ]),
    );
  });

  it('reports an invalid file once, without blaming the files that link to it or name it as author', () => {
    const brokenAuthor = markdown({ slug: 'redakcja', name: 'Redakcja', role: 'Zespół' }, 'Bio.');
    const brokenArticle = markdown(articleFront({ title: 'x'.repeat(70) }), sections(2, 260));
    expect(issuesOf({ 'authors/redakcja.md': brokenAuthor, [ARTICLE]: brokenArticle })).toEqual([
      {
        file: 'content/articles/placa-minimalna.md',
        field: 'title',
        message: 'must be at most 60 characters',
      },
      { file: 'content/authors/redakcja.md', field: 'description', message: 'is required' },
    ]);
  });

  it('offers: every seo page declares its block (or false), within the limits of the offers list', () => {
    const offersIssues = (offers: unknown, type = 'seo') =>
      issuesOf({ [SEO]: markdown(seoFront({ type, offers }), sections(3, 100)) }).map(
        (i) => `${i.field}: ${i.message}`,
      );
    expect(offersIssues(undefined)).toEqual([
      'offers: is required on seo pages: what the offers block shows ({amount, periodDays, …}) or false',
    ]);
    expect(offersIssues(true)).toEqual([
      'offers: must be false or a map {amount, periodDays, …} (see content/README.md)',
    ]);
    expect(
      offersIssues({
        amount: 1234,
        periodDays: 0,
        products: ['cash', 'payday', 'payday'],
        firstLoanFree: 'yes',
        age: { min: 70, max: 20 },
        bik: false,
      }),
    ).toEqual(
      expect.arrayContaining([
        'offers.amount: must be a multiple of 50 zł (the step of the offers list)',
        'offers.periodDays: must be at least 1',
        'offers.products[0]: must be a product type of the offer feeds: payday, installment',
        'offers.firstLoanFree: must be true or false',
        'offers.bik: is not a known field (see content/README.md)',
      ]),
    );
    expect(offersIssues({ amount: 60_000, periodDays: 2_000, age: {} })).toEqual([
      'offers.amount: must be at most 50000',
      'offers.periodDays: must be at most 1800',
      'offers.age: must give min, max or both',
    ]);
    expect(offersIssues({ amount: 1000, periodDays: 61, age: { min: 70, max: 20 } })).toEqual([
      'offers.age.max: must not be below min',
    ]);
    expect(offersIssues({ amount: 1000, periodDays: 61, products: [] })).toEqual([
      'offers.products: must name at least one product type (leave the key out for any)',
    ]);
    expect(offersIssues({ amount: 1000, periodDays: 61 }, 'page')).toEqual([
      'offers: only seo pages show an offers block',
    ]);
    expect(offersIssues({ amount: 1000, periodDays: 61, fallback: '/nie-ma-takiej/' })).toEqual([
      'offers.fallback: no content file has the path "/nie-ma-takiej/"',
    ]);
    expect(offersIssues({ amount: 1000, periodDays: 61, fallback: '/mala-pozyczka/' })).toEqual([
      'offers.fallback: must not send the visitor back to the same page',
    ]);
    const declared = buildBundle(
      contentTree({
        [SEO]: markdown(
          seoFront({
            offers: {
              amount: 1500,
              periodDays: 61,
              products: ['payday'],
              firstLoanFree: true,
              age: { min: 18 },
              fallback: '/placa-minimalna/',
            },
          }),
          sections(3, 100),
        ),
      }),
    ).pages[0]!;
    expect(declared).toMatchObject({
      showOffers: true,
      offerBlock: {
        amountZl: 1500,
        periodDays: 61,
        productTypes: ['payday'],
        firstLoanFreeOnly: true,
        ageFrom: 18,
        ageTo: 0,
        fallbackPath: '/placa-minimalna/',
      },
    });
    const none = buildBundle(contentTree({ [SEO]: markdown(seoFront({ offers: false }), sections(3, 100)) }));
    expect(none.pages[0]).toMatchObject({ showOffers: false, offerBlock: null });
  });

  it('offers.applicants: names the group a page speaks to by its ages and the documents it may hold', () => {
    const offersIssues = (applicants: unknown) =>
      issuesOf({
        [SEO]: markdown(seoFront({ offers: { amount: 2000, periodDays: 61, applicants } }), sections(3, 100)),
      }).map((i) => `${i.field}: ${i.message}`);
    expect(offersIssues({})).toEqual(['offers.applicants: must give age, documents or both']);
    expect(offersIssues({ documents: ['visa'], age: { min: 10 } })).toEqual(
      expect.arrayContaining([
        'offers.applicants.documents[0]: must be one of: passport, residenceCard',
        'offers.applicants.age.min: must be at least 18',
      ]),
    );
    expect(offersIssues({ documents: [] })).toEqual([
      'offers.applicants.documents: must name at least one document (leave the key out for none)',
    ]);
    const page = (applicants: unknown) =>
      buildBundle(
        contentTree({
          [SEO]: markdown(
            seoFront({ offers: { amount: 2000, periodDays: 61, applicants } }),
            sections(3, 100),
          ),
        }),
      ).pages[0]!;
    expect(page({ age: { min: 60 } }).offerBlock?.applicants).toEqual({
      ageFrom: 60,
      ageTo: 0,
      documents: [],
    });
    expect(page({ documents: ['passport', 'residenceCard'] }).offerBlock?.applicants).toEqual({
      ageFrom: 0,
      ageTo: 0,
      documents: ['passport', 'residenceCard'],
    });
  });

  it('related paths must exist in the content', () => {
    const issues = issuesOf({
      [SEO]: markdown(seoFront({ related: ['/placa-minimalna/', '/nie-ma-takiej/'] }), sections(3, 100)),
    });
    expect(issues).toEqual([
      {
        file: 'content/pages/mala-pozyczka.md',
        field: 'related[1]',
        message: 'no content file has the path "/nie-ma-takiej/"',
      },
    ]);
  });

  it('lenders: one of the 28 slugs of the spec, 3-5 FAQ, and no info block (facts live in the offers data)', () => {
    const front = lenderFront({
      slug: 'nowy-lender',
      faq: [],
      info: { company: 'Firma sp. z o.o.', checked: '2026-11-21' },
    });
    const issues = issuesOf({ 'lenders/nowy-lender.md': markdown(front, 'Opis.') });
    const file = 'content/lenders/nowy-lender.md';
    expect(issues).toEqual(
      expect.arrayContaining([
        { file, field: 'slug', message: 'must be one of the 28 lender slugs in the product spec' },
        { file, field: 'faq', message: 'must have 3-5 items, has 0' },
        {
          file,
          field: 'info',
          message:
            'lender facts live in the offers data (apps/offers/data/lenders.pl.json, see content/README.md); remove the info block',
        },
      ]),
    );
  });

  it('front matter that is missing or not YAML', () => {
    expect(issuesOf({ [SEO]: 'Tylko tekst, bez nagłówka.' })).toEqual([
      {
        file: 'content/pages/mala-pozyczka.md',
        field: 'front matter',
        message: 'missing: the file must start with a line "---", then YAML, then "---"',
      },
    ]);
    const [issue] = issuesOf({ [SEO]: markdown('title: [niedomknięta lista\npath: /x/', 'Treść') });
    expect(issue).toMatchObject({ file: 'content/pages/mala-pozyczka.md', field: 'front matter' });
    expect(issue!.message).toMatch(/^invalid YAML \(line \d+, column \d+\)/);
  });

  it('tags.yaml: exactly the 14 tags of the spec, each once', () => {
    const yaml = tagsYaml().replace('- slug: kalendarz', '- slug: kredyty');
    expect(issuesOf({ 'tags.yaml': yaml })).toEqual(
      expect.arrayContaining([
        { file: 'content/tags.yaml', field: '[13].slug', message: 'repeats tag 2' },
        { file: 'content/tags.yaml', field: '(file)', message: 'must list all 14 tags; missing: kalendarz' },
      ]),
    );
  });

  it('navigation.yaml: footer columns and links', () => {
    const yaml = contentTree()
      .files.find((f) => f.rel === 'navigation.yaml')!
      .data.toString()
      .replace('- id: cities', '- id: miasta')
      .replace('link: /o-nas/', 'link: o-nas');
    const fields = issuesOf({ 'navigation.yaml': yaml }).map((i) => `${i.file} ${i.field}`);
    expect(fields).toEqual(
      expect.arrayContaining([
        'content/navigation.yaml footer[2].id',
        'content/navigation.yaml footer[3].links[0].link',
      ]),
    );
  });

  it('required files and what the allow-list would drop (h1 in the body, images)', () => {
    const body = `# Drugi nagłówek H1\n\n![obrazek](/a.png)\n\n${sections(3, 100)}`;
    const issues = issuesOf({
      'tags.yaml': null,
      'navigation.yaml': null,
      [SEO]: markdown(seoFront(), body),
    });
    expect(issues).toEqual(
      expect.arrayContaining([
        { file: 'content/tags.yaml', field: '(file)', message: 'is required: the 14 blog tags' },
        {
          file: 'content/navigation.yaml',
          field: '(file)',
          message: 'is required: header menu, footer and partners',
        },
        {
          file: 'content/pages/mala-pozyczka.md',
          field: 'body',
          message: 'must not use level-1 headings ("# …"): the page H1 comes from the front matter',
        },
        {
          file: 'content/pages/mala-pozyczka.md',
          field: 'body',
          message: 'images are not supported (found 1)',
        },
      ]),
    );
  });

  it('reports problems the tree reader found', () => {
    const t = contentTree();
    t.problems.push({
      file: 'content/pages/notatka.txt',
      field: '(file)',
      message: 'only Markdown files (.md) belong here',
    });
    expect(() => buildBundle(t)).toThrow(
      'content/pages/notatka.txt: (file): only Markdown files (.md) belong here',
    );
  });
});

describe('truncate', () => {
  it('cuts at a word boundary and marks the cut', () => {
    expect(truncate(words(10), 500)).toBe(words(10));
    const cut = truncate(words(60), 160);
    expect(cut.length).toBeLessThanOrEqual(160);
    expect(cut.endsWith('…')).toBe(true);
    expect(words(60).startsWith(cut.slice(0, -1))).toBe(true);
  });
});
