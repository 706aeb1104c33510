import {
  FIRST_LOAD_BUDGET_GZIP,
  budgetFailure,
  firstLoadByPage,
  formatFirstLoadTable,
  islandChunks,
  islandMarkersIn,
  staticClosure,
} from './first-load.cjs';

type Outputs = Parameters<typeof staticClosure>[0];

/** A metafile shaped like esbuild's for the gateway: entry, renderer, two pages, two islands. */
const outputs: Outputs = {
  'assets/entry.js': {
    entryPoint: 'src/client/entry.ts',
    imports: [
      { path: 'chunks/shared.js', kind: 'import-statement' },
      { path: 'chunks/renderer.js', kind: 'dynamic-import' },
    ],
    inputs: { 'src/client/entry.ts': {} },
  },
  'chunks/shared.js': { imports: [], inputs: { 'src/shared/format.ts': {} } },
  'chunks/renderer.js': {
    entryPoint: 'src/client/renderer.tsx',
    imports: [
      { path: 'chunks/react.js', kind: 'import-statement' },
      { path: 'chunks/home-page.js', kind: 'dynamic-import' },
    ],
    inputs: { 'src/app/app.tsx': {} },
  },
  'chunks/react.js': { imports: [], inputs: { 'node_modules/react-dom/index.js': {} } },
  'chunks/home-page.js': {
    entryPoint: 'src/features/home/home-page.tsx',
    imports: [{ path: 'chunks/calculator-parts.js', kind: 'import-statement' }],
    inputs: { 'src/features/home/home-page.tsx': {} },
  },
  'chunks/calculator-parts.js': {
    imports: [{ path: 'chunks/shared.js', kind: 'import-statement' }],
    inputs: { 'src/features/home/loan-sliders.tsx': {}, 'src/features/home/loan-sliders.view-model.ts': {} },
  },
  'chunks/blog-page.js': {
    entryPoint: 'src/features/blog/blog-page.tsx',
    imports: [],
    inputs: { 'src/features/blog/blog-page.tsx': {} },
  },
  'chunks/loan-sliders.island.js': {
    entryPoint: 'src/features/home/loan-sliders.island.ts',
    imports: [{ path: 'chunks/calculator-parts.js', kind: 'import-statement' }],
    inputs: { 'src/features/home/loan-sliders.island.ts': {} },
  },
  'chunks/loan-sliders.island.js.map': { imports: [], inputs: {} },
  'chunks/view-beacon.island.js': {
    entryPoint: 'src/features/article-views/view-beacon.island.ts',
    imports: [],
    inputs: {},
  },
};

const sizes: Record<string, number> = {
  'assets/entry.js': 3000,
  'chunks/shared.js': 1000,
  'chunks/renderer.js': 5000,
  'chunks/react.js': 60_000,
  'chunks/home-page.js': 2000,
  'chunks/calculator-parts.js': 4000,
  'chunks/blog-page.js': 1500,
  'chunks/loan-sliders.island.js': 1000,
  'chunks/view-beacon.island.js': 500,
};

const markers: Record<string, string[]> = { 'src/features/home/loan-sliders.tsx': ['loan-sliders'] };

const input = {
  outputs,
  entry: 'assets/entry.js',
  renderer: 'chunks/renderer.js',
  pages: { home: 'chunks/home-page.js', blog: 'chunks/blog-page.js' },
  islands: islandChunks(outputs),
  markersOf: (file: string) => markers[file] ?? [],
  sizeOf: (file: string) => sizes[file]!,
};

describe('first-load JavaScript per page (build-client.mjs)', () => {
  it('follows static imports only: dynamic imports load later', () => {
    expect(staticClosure(outputs, 'assets/entry.js')).toEqual(['assets/entry.js', 'chunks/shared.js']);
    expect(staticClosure(outputs, 'chunks/loan-sliders.island.js')).toEqual([
      'chunks/loan-sliders.island.js',
      'chunks/calculator-parts.js',
      'chunks/shared.js',
    ]);
  });

  it('finds islands by their chunk name and markers by islandMarker() calls', () => {
    expect(islandChunks(outputs)).toEqual({
      'loan-sliders': 'chunks/loan-sliders.island.js',
      'view-beacon': 'chunks/view-beacon.island.js',
    });
    expect(
      islandMarkersIn(`<form {...islandMarker('loan-sliders')}>\n<a {...islandMarker( "share-links" )} />`),
    ).toEqual(['loan-sliders', 'share-links']);
    expect(islandMarkersIn('const x = "data-indicator";')).toEqual([]);
  });

  it('counts the entry and the islands a page marks, never React or the page chunk', () => {
    const [home, blog] = firstLoadByPage(input);
    expect(home).toEqual({
      page: 'home',
      islands: ['loan-sliders'],
      files: [
        'assets/entry.js',
        'chunks/shared.js',
        'chunks/loan-sliders.island.js',
        'chunks/calculator-parts.js',
      ],
      bytes: 3000 + 1000 + 1000 + 4000, // shared.js once
      navigationBytes: 5000 + 60_000 + 2000, // renderer, React, the page chunk: what a navigation adds
      overBudget: false,
    });
    expect(blog).toMatchObject({
      page: 'blog',
      islands: [],
      files: ['assets/entry.js', 'chunks/shared.js'],
      bytes: 4000,
      overBudget: false,
    });
  });

  it('finds islands marked in the layout (the renderer tree) on every page', () => {
    const withLayoutIsland = {
      ...input,
      markersOf: (file: string) => (file === 'src/app/app.tsx' ? ['view-beacon'] : (markers[file] ?? [])),
    };
    expect(firstLoadByPage(withLayoutIsland).map((load) => load.islands)).toEqual([
      ['loan-sliders', 'view-beacon'],
      ['view-beacon'],
    ]);
  });

  it('fails on a marker without an island chunk', () => {
    expect(() =>
      firstLoadByPage({
        ...input,
        markersOf: (file: string) => (file === 'src/features/blog/blog-page.tsx' ? ['converter'] : []),
      }),
    ).toThrow('page "blog" marks the island "converter", but no converter.island.ts chunk was built');
  });

  it('passes within the budget and names every page over it with its size and the budget', () => {
    const loads = firstLoadByPage(input);
    expect(FIRST_LOAD_BUDGET_GZIP).toBe(66 * 1024);
    expect(budgetFailure(loads)).toBeNull();

    const tight = firstLoadByPage({ ...input, budget: 5000 });
    expect(tight.map((load) => load.overBudget)).toEqual([true, false]);
    const message = budgetFailure(tight, 5000)!;
    expect(message).toContain('First-load JavaScript over the 4.9 KiB gzip budget on 1 page(s)');
    expect(message).toContain(
      'page "home": 8.8 KiB gzip, 4000 bytes over the 4.9 KiB budget (entry + loan-sliders; 4 files)',
    );
    expect(message).not.toContain('"blog"');
    expect(formatFirstLoadTable(tight, 5000).split('\n')).toEqual([
      expect.stringContaining('budget 4.9 KiB gzip'),
      expect.stringMatching(
        /^ {2}home +8\.8 KiB gzip {2}entry \+ loan-sliders +\+65\.4 KiB on navigation {2}OVER BUDGET$/,
      ),
      expect.stringMatching(/^ {2}blog +3\.9 KiB gzip {2}entry +\+\d+\.\d KiB on navigation$/),
    ]);
  });
});
