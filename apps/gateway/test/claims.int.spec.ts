import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/*
 * Nothing invented on the site: no acceptance rate, decision or payout time, customer count,
 * returning-customer share, rating or testimonial is stated unless it comes from a named, dated
 * source, and the site has none of those. This reads what visitors are shown: the editorial pages
 * and articles (content/pages, content/articles) and the gateway's own Polish copy (its sources),
 * and fails on any such claim, so none can come back. A claim put as a question ("Pożyczka w 15
 * minut?") or attributed to advertising ("reklamy obiecują…") is the subject of a page, not a
 * promise, and is allowed.
 */

const ROOT = path.resolve(__dirname, '../../..');
const CONTENT = ['content/pages', 'content/articles'].map((dir) => path.join(ROOT, dir));
const GATEWAY = path.join(ROOT, 'apps/gateway/src');

/** Claims no source of ours supports, each with what it is. */
const CLAIMS: readonly [RegExp, string][] = [
  [/wniosków\s+przyjętych/i, 'share of applications accepted'],
  [
    /\d+\s?%\s+(?:wniosków|klientów|pożyczkobiorców|decyzji|akceptacji|powracających)/i,
    'a percentage of applications or customers',
  ],
  [/powracających\s+klientów/i, 'returning customers'],
  [
    /decyzj\p{L}*\s+(?:\p{L}+\s+){0,2}w\s+(?:ciągu\s+)?(?:\d+|kilka|kilkanaście|kilkadziesiąt)\p{L}*\s*(?:min|sek|godz)/iu,
    'a decision time',
  ],
  [
    /przelew\p{L}*\s+(?:\p{L}+\s+){0,2}w\s+(?:ciągu\s+)?(?:\d+|kilka|kilkanaście)\p{L}*\s*(?:min|sek)/iu,
    'a payout time',
  ],
  [/\bw\s+(?:ciągu\s+)?\d+\s?min/i, 'a time in minutes'],
  [/kilkanaście\s+minut/i, 'a time in minutes'],
  [/\bw\s+kwadrans/i, 'a time in minutes'],
  [/średnio\s+\d+\s?min|\d+\s?minut\p{L}*\s+średnio/iu, 'an average time'],
  [/\d[\d\s\u00a0]*\s?(?:tys\.?\s+)?(?:zadowolonych\s+)?klientów/i, 'a customer count'],
  [/\b2\s?018\s?zł|\b3,65\s?%/, 'the fixed-rate example no offer has'],
];
/** Ratings and testimonials written into the text (stars, "4,8/5"): only the comments may carry them. */
const CONTENT_ONLY: readonly [RegExp, string][] = [
  [/★|☆/, 'stars written into the text'],
  [/\b[1-5][,.]\d\s?\/\s?5\b/, 'a rating written into the text'],
];

function files(dir: string, pattern: RegExp): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return files(full, pattern);
    return pattern.test(name) && !/\.spec\.tsx?$/.test(name) ? [full] : [];
  });
}

/** The sentence around a match: from the previous sentence end (or line start in lists) to the next. */
function sentenceAt(text: string, index: number, length: number): string {
  const before = text.slice(0, index);
  const start = Math.max(before.search(/[^.!?\n]*$/), 0);
  const after = text.slice(index + length);
  const end = after.search(/[.!?\n]/);
  return text.slice(start, index + length + (end < 0 ? after.length : end + 1));
}

const allowed = (sentence: string) => /\?\s*$/.test(sentence) || /reklam/i.test(sentence);

function claimsIn(file: string, claims: readonly [RegExp, string][]): string[] {
  const text = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const [pattern, what] of claims) {
    for (const match of text.matchAll(new RegExp(pattern.source, `${pattern.flags}g`))) {
      const sentence = sentenceAt(text, match.index, match[0].length);
      if (allowed(sentence)) continue;
      const line = text.slice(0, match.index).split('\n').length;
      found.push(`${path.relative(ROOT, file)}:${line}: ${what}: "${sentence.trim()}"`);
    }
  }
  return found;
}

describe('no invented claims in what visitors read', () => {
  it('the editorial pages and articles state no acceptance rate, time, customer count, rating or the fixed example', () => {
    const content = CONTENT.flatMap((dir) => files(dir, /\.md$/));
    expect(content.length).toBeGreaterThan(100);
    expect(content.flatMap((file) => claimsIn(file, [...CLAIMS, ...CONTENT_ONLY]))).toEqual([]);
  });

  it('the gateway’s own copy states none either', () => {
    const sources = files(GATEWAY, /\.tsx?$/);
    expect(sources.length).toBeGreaterThan(100);
    expect(sources.flatMap((file) => claimsIn(file, CLAIMS))).toEqual([]);
  });

  it('catches the claims it is for (the check can fail)', () => {
    const samples = [
      '95 % wniosków przyjętych',
      'Decyzja w 10 min',
      'Decyzja zwykle w kilkanaście minut',
      'Przelew w 5 min',
      'Pieniądze w 15 minut',
      'Ponad 50 000 klientów',
      '86% powracających',
      'Pożyczka 2 000 zł, do zwrotu 2 018 zł (3,65 % w skali roku)',
    ];
    for (const sample of samples) {
      const hits = CLAIMS.filter(([pattern]) => pattern.test(sample) && !allowed(sample));
      expect([sample, hits.length > 0]).toEqual([sample, true]);
    }
    expect(allowed('Pożyczka online w 15 minut?')).toBe(true);
    expect(CONTENT_ONLY.some(([pattern]) => pattern.test('★★★★★ 4,8/5'))).toBe(true);
  });
});
