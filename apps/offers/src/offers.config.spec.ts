import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadConfig } from '@lib/config';
import {
  BUNDLED_FEEDS_URL,
  isBundledFeedsUrl,
  offersConfigSchema,
  sampleFeedsRefused,
} from './offers.config';

describe('offers configuration: which feeds are the bundled sample data', () => {
  const bundledDir = path.resolve(__dirname, '../feeds');

  it('knows the bundled folder however its file: URL is written, and nothing else', () => {
    expect(BUNDLED_FEEDS_URL).toBe(`${pathToFileURL(bundledDir).href}/`);
    expect(isBundledFeedsUrl(BUNDLED_FEEDS_URL)).toBe(true);
    expect(isBundledFeedsUrl(pathToFileURL(bundledDir).href)).toBe(true);
    expect(isBundledFeedsUrl(pathToFileURL(path.join(bundledDir, '..', 'feeds')).href)).toBe(true);
    expect(isBundledFeedsUrl(pathToFileURL(path.join(bundledDir, '..')).href)).toBe(false);
    expect(isBundledFeedsUrl('https://cdn.example.pl/feeds/')).toBe(false);
    expect(isBundledFeedsUrl('not a url')).toBe(false);
  });

  it('sees through a link to the bundled folder, but a copy of it is another location', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'offers-feeds-link-'));
    try {
      symlinkSync(bundledDir, path.join(dir, 'linked'));
      expect(isBundledFeedsUrl(pathToFileURL(path.join(dir, 'linked')).href)).toBe(true);
      expect(isBundledFeedsUrl(pathToFileURL(dir).href)).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses sample feeds only under NODE_ENV=production, unless a non-public deployment allows them', () => {
    const config = (env: Record<string, string>) => loadConfig(offersConfigSchema, env);
    expect(config({}).OFFERS_FEED_BASE_URL).toBe(BUNDLED_FEEDS_URL);
    expect(sampleFeedsRefused(config({ NODE_ENV: 'production' }))).toBe(true);
    expect(sampleFeedsRefused(config({ NODE_ENV: 'production', OFFERS_ALLOW_SAMPLE_FEEDS: 'true' }))).toBe(
      false,
    );
    expect(sampleFeedsRefused(config({ NODE_ENV: 'development' }))).toBe(false);
    expect(sampleFeedsRefused(config({ NODE_ENV: 'test' }))).toBe(false);
    expect(() => config({ OFFERS_ALLOW_SAMPLE_FEEDS: 'yes' })).toThrow(/OFFERS_ALLOW_SAMPLE_FEEDS/);
  });
});
