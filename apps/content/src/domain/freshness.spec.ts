import { articleFront, contentTree, markdown, sections, seoFront } from '@lib/testing';
import { collectDatedContent, daysBetween, describeFinding, findStale, type DatedContent } from './freshness';

const ISAP = 'https://isap.sejm.gov.pl/isap.nsf/DocDetails.xsp?id=WDU20250001242';
const source = { name: 'Rozporządzenie Rady Ministrów (ISAP)', url: ISAP };

const entry = (overrides: Partial<DatedContent>): DatedContent => ({
  file: 'content/articles/placa-minimalna.md',
  path: '/placa-minimalna/',
  editedAt: '2026-09-22',
  figures: [],
  ...overrides,
});

describe('daysBetween', () => {
  it('counts calendar days, across a leap day and backwards', () => {
    expect(daysBetween('2026-11-24', '2026-11-25')).toBe(1);
    expect(daysBetween('2028-02-28', '2028-03-01')).toBe(2);
    expect(daysBetween('2026-11-25', '2026-11-24')).toBe(-1);
  });
});

describe('findStale', () => {
  const options = { today: '2026-11-25', maxAgeDays: 365, soonDays: 45 };

  it('lists a text edited more than the maximum age ago, not one edited exactly that long ago', () => {
    const report = findStale(
      [
        entry({ file: 'content/pages/a.md', path: '/a/', editedAt: '2025-11-25' }),
        entry({ file: 'content/pages/b.md', path: '/b/', editedAt: '2025-11-24' }),
      ],
      options,
    );
    expect(report.checked).toBe(2);
    expect(report.stale).toEqual([
      { kind: 'text', file: 'content/pages/b.md', path: '/b/', editedAt: '2025-11-24', ageDays: 366 },
    ]);
    expect(findStale([entry({ editedAt: '2025-11-24' })], { ...options, maxAgeDays: 400 }).stale).toEqual([]);
  });

  it('judges a figure set for a period by its validUntil, and warns before it ends', () => {
    const wage2025 = {
      name: 'Płaca minimalna 2025',
      value: '4666 zł',
      appliesFrom: '2025-01-01',
      validUntil: '2025-12-31',
      source,
    };
    const wage2026 = {
      name: 'Płaca minimalna 2026',
      value: '4806 zł',
      appliesFrom: '2026-01-01',
      validUntil: '2026-12-31',
      source,
    };
    const report = findStale([entry({ figures: [wage2025, wage2026] })], options);
    expect(report.stale).toEqual([
      expect.objectContaining({
        kind: 'figure-expired',
        figure: 'Płaca minimalna 2025',
        validUntil: '2025-12-31',
      }),
    ]);
    expect(report.expiring).toEqual([
      expect.objectContaining({ kind: 'figure-expiring', figure: 'Płaca minimalna 2026', daysLeft: 36 }),
    ]);
    // The day after its period the figure is stale; on its last day it is not.
    expect(findStale([entry({ figures: [wage2026] })], { ...options, today: '2026-12-31' }).stale).toEqual(
      [],
    );
    expect(
      findStale([entry({ figures: [wage2026] })], { ...options, today: '2027-01-01' }).stale,
    ).toHaveLength(1);
  });

  it('judges an open-ended figure by when it was last checked, else by the text edit', () => {
    const cap = {
      name: 'Limit kosztów pozaodsetkowych',
      value: '10% + 10% rocznie',
      appliesFrom: '2022-12-18',
      source,
    };
    expect(findStale([entry({ editedAt: '2026-01-10', figures: [cap] })], options).stale).toEqual([]);
    expect(
      findStale([entry({ editedAt: '2026-01-10', figures: [{ ...cap, checked: '2025-06-01' }] })], options)
        .stale,
    ).toEqual([expect.objectContaining({ kind: 'figure-unchecked', checked: '2025-06-01', ageDays: 542 })]);
  });

  it('describes each finding in one line naming the file, the path and the dates', () => {
    const [finding] = findStale([entry({ editedAt: '2025-01-02' })], options).stale;
    expect(describeFinding(finding!, 365)).toBe(
      'content/articles/placa-minimalna.md (/placa-minimalna/): text edited 2025-01-02, 692 days ago (more than 365)',
    );
  });
});

describe('collectDatedContent', () => {
  it('reads articles by edited, pages by updated, with their figures; invalid files become problems', () => {
    const figure = { name: 'Płaca minimalna', value: '4806 zł', appliesFrom: '2026-01-01', source };
    const tree = contentTree({
      'articles/placa-minimalna.md': markdown(articleFront({ figures: [figure] }), sections(2, 260)),
      'pages/mala-pozyczka.md': markdown(
        seoFront({ figures: [{ ...figure, source: undefined }] }),
        sections(3, 100),
      ),
    });
    const { entries, problems } = collectDatedContent(tree);
    expect(entries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          file: 'content/articles/placa-minimalna.md',
          path: '/placa-minimalna/',
          editedAt: '2026-02-10',
          figures: [figure],
        }),
      ]),
    );
    expect(problems).toEqual([
      { file: 'content/pages/mala-pozyczka.md', field: 'figures[0].source', message: 'is required' },
    ]);
  });
});
