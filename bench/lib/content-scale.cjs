'use strict';
// `--content-scale N`: a copy of the editorial content with N times the articles, so that list
// pages (blog, tags, sitemap) can be measured against a bigger site. The copies are real articles
// under new slugs, titles and dates, valid for the content importer (content/README.md), written
// to a temporary folder that the benchmark deletes afterwards; nothing of it is ever committed.
const fs = require('node:fs');
const path = require('node:path');
const { parseDocument } = require('yaml');

/** The importer's limit on every title (content/README.md). */
const TITLE_MAX = 60;
/** Each copy is dated this many days earlier than the one before, so copies spread over the blog. */
const DAYS_BETWEEN_COPIES = 11;

const FRONT_MATTER = /^(---[ \t]*\r?\n)([\s\S]*?\r?\n)(---[ \t]*\r?(?:\n|$))/;

/**
 * @param {string} day 'YYYY-MM-DD'
 * @param {number} days to subtract
 */
function daysBefore(day, days) {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) throw new Error(`not a date: "${day}"`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}

/**
 * Copy number `copy` (2, 3, …) of an article file: slug and file name `<slug>-kopia-<copy>`, a
 * title ending in "(kopia <copy>)" and still at most 60 characters (titles must be unique), written
 * and edited dates moved back by the same number of days (edited stays after written). Everything
 * else, body included, is unchanged.
 * @param {string} source the article file's text
 * @param {number} copy at least 2 (copy 1 is the original)
 * @returns {{ slug: string, text: string }}
 */
function scaledArticle(source, copy) {
  if (!Number.isInteger(copy) || copy < 2) throw new Error(`copy must be a whole number from 2, got ${copy}`);
  const match = FRONT_MATTER.exec(source);
  if (!match) throw new Error('the article has no front matter between "---" lines');
  const [whole, opening, yamlText, closing] = /** @type {[string, string, string, string]} */ (
    /** @type {unknown} */ (match)
  );
  const doc = parseDocument(yamlText);
  const read = (/** @type {string} */ key) => {
    const value = doc.get(key);
    if (typeof value !== 'string' || value.trim() === '') throw new Error(`the article has no ${key}`);
    return value.trim();
  };
  const slug = `${read('slug')}-kopia-${copy}`;
  const suffix = ` (kopia ${copy})`;
  const title = `${read('title')
    .slice(0, TITLE_MAX - suffix.length)
    .trimEnd()}${suffix}`;
  const shift = (copy - 1) * DAYS_BETWEEN_COPIES;
  doc.set('slug', slug);
  doc.set('title', title);
  doc.set('written', daysBefore(read('written'), shift));
  doc.set('edited', daysBefore(read('edited'), shift));
  return { slug, text: `${opening}${doc.toString({ lineWidth: 0 })}${closing}${source.slice(whole.length)}` };
}

/**
 * Copies the content folder `from` to `to` (which must not exist yet) and adds scale − 1 copies
 * of every article.
 * @param {string} from
 * @param {string} to
 * @param {number} scale at least 1
 * @returns {{ articles: number, copies: number }}
 */
function writeScaledContent(from, to, scale) {
  fs.cpSync(from, to, { recursive: true, errorOnExist: true, force: false });
  const folder = path.join(to, 'articles');
  const originals = fs.readdirSync(folder).filter((name) => name.endsWith('.md') && !name.startsWith('.'));
  let copies = 0;
  for (const name of originals) {
    const source = fs.readFileSync(path.join(folder, name), 'utf8');
    for (let copy = 2; copy <= scale; copy += 1) {
      const { slug, text } = scaledArticle(source, copy);
      fs.writeFileSync(path.join(folder, `${slug}.md`), text, { flag: 'wx' });
      copies += 1;
    }
  }
  return { articles: originals.length + copies, copies };
}

module.exports = { scaledArticle, writeScaledContent, daysBefore };
