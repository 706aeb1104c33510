import path from 'node:path';
import { findStylesheets, stylesheetEntry, stylesheetOrder } from './stylesheets.cjs';

describe('stylesheetOrder', () => {
  it('puts the base first, then the rest of src/app/, then the features, each sorted by path', () => {
    expect(
      stylesheetOrder([
        'src/features/offers/offers.css',
        'src/app/layouts/layouts.css',
        'src/features/calendar/calendar.css',
        'src/features/comments/comments.css',
        'src/app/styles/base.css',
        'src/app/components/components.css',
        'src/features/offers/offer-list.tsx',
        'src/client/entry.ts',
      ]),
    ).toEqual([
      'src/app/styles/base.css',
      'src/app/components/components.css',
      'src/app/layouts/layouts.css',
      'src/features/calendar/calendar.css',
      'src/features/comments/comments.css',
      'src/features/offers/offers.css',
    ]);
  });

  it('sorts by code unit, not by locale ("rate-charts/" before "rate/")', () => {
    expect(
      stylesheetOrder([
        'src/features/rate-charts/rate-charts.css',
        'src/features/rate/rate.css',
        'src/app/styles/base.css',
      ]),
    ).toEqual([
      'src/app/styles/base.css',
      'src/features/rate-charts/rate-charts.css',
      'src/features/rate/rate.css',
    ]);
  });

  it('refuses a list without the base sheet', () => {
    expect(() => stylesheetOrder(['src/features/home/home.css'])).toThrow(
      'src/app/styles/base.css is missing',
    );
  });
});

describe('stylesheetEntry', () => {
  it('imports every sheet once, in the given order', () => {
    expect(stylesheetEntry(['src/app/styles/base.css', 'src/features/home/home.css'])).toBe(
      '@import "./src/app/styles/base.css";\n@import "./src/features/home/home.css";\n',
    );
  });
});

describe('findStylesheets', () => {
  it("finds the gateway's base sheet first and every feature's sheet", () => {
    const sheets = findStylesheets(path.resolve(__dirname, '..'));
    expect(sheets[0]).toBe('src/app/styles/base.css');
    expect(sheets).toContain('src/features/home/home.css');
    expect(sheets.every((sheet) => /^src\/(app|features)\/.+\.css$/.test(sheet))).toBe(true);
  });
});
