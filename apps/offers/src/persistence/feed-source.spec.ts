import { readFileSync } from 'node:fs';
import path from 'node:path';
import { BUNDLED_FEEDS_URL } from '../offers.config';
import { FeedSource } from './feed-source';

describe('FeedSource: which fetched feeds are the bundled sample data', () => {
  const bundled = readFileSync(path.resolve(__dirname, '../../feeds/pl_feed.json'));

  it('takes everything from the bundled folder as sample data', async () => {
    const source = new FeedSource(BUNDLED_FEEDS_URL, 1_000);
    expect(source.sample).toBe(true);
    await expect(source.isSample('pl_feed.json', Buffer.from('[]'))).resolves.toBe(true);
  });

  it('takes a byte-for-byte copy of a bundled file as sample data wherever it is served from, and nothing else', async () => {
    const cdn = new FeedSource('https://cdn.example.pl/feeds/', 1_000);
    expect(cdn.sample).toBe(false);
    await expect(cdn.isSample('pl_feed.json', Buffer.from(bundled))).resolves.toBe(true);
    // The same copy under another feed's name is not that feed's sample file.
    await expect(cdn.isSample('es_feed.json', Buffer.from(bundled))).resolves.toBe(false);
    const edited = Buffer.from(bundled.toString('utf8').replace('Alfakredyt', 'Alfa Kredyt'));
    await expect(cdn.isSample('pl_feed.json', edited)).resolves.toBe(false);
    await expect(cdn.isSample('de_feed.json', Buffer.from('[]'))).resolves.toBe(false);
    expect(cdn.urlOf('pl_feed.json')).toBe('https://cdn.example.pl/feeds/pl_feed.json');
  });
});
