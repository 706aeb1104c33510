import { XMLValidator } from 'fast-xml-parser';

/** One GET as the tests make it: the status and the body as text. */
export type FetchText = (path: string) => Promise<{ status: number; body: string }>;

/** One address a sitemap file lists. */
export interface ListedUrl {
  loc: string;
  /** undefined when the file gives no date. */
  lastmod: string | undefined;
}

/** The sitemap as a crawler reads it: the index, then every file it names. */
export interface ReadSitemap {
  index: string;
  /** Each file's site path and text, in the index's order. */
  files: { path: string; body: string }[];
  /** Every file's addresses, in order. */
  urls: ListedUrl[];
}

const matchesOf = (xml: string, pattern: RegExp): RegExpMatchArray[] => [...xml.matchAll(pattern)];

/**
 * Reads /sitemap.xml and each file it lists, checking on the way what every caller relies on:
 * answers 200, well-formed XML, one <loc> per entry. The files' addresses are fetched by path, so
 * the index may name any origin.
 */
export async function readSitemap(get: FetchText): Promise<ReadSitemap> {
  const index = await get('/sitemap.xml');
  if (index.status !== 200) throw new Error(`/sitemap.xml answered ${index.status}`);
  if (XMLValidator.validate(index.body) !== true) throw new Error('/sitemap.xml is not well-formed XML');
  const fileUrls = matchesOf(index.body, /<sitemap><loc>([^<]+)<\/loc>/g).map((m) => m[1]!);
  if (fileUrls.length !== (index.body.match(/<sitemap>/g) ?? []).length)
    throw new Error('/sitemap.xml has an entry without a <loc>');
  const files: ReadSitemap['files'] = [];
  for (const url of fileUrls) {
    const path = new URL(url).pathname;
    const file = await get(path);
    if (file.status !== 200) throw new Error(`${path}, listed in the index, answered ${file.status}`);
    if (XMLValidator.validate(file.body) !== true) throw new Error(`${path} is not well-formed XML`);
    files.push({ path, body: file.body });
  }
  const urls = files.flatMap(({ path, body }) => {
    const listed = matchesOf(body, /<url><loc>([^<]+)<\/loc>(?:<lastmod>([^<]+)<\/lastmod>)?<\/url>/g);
    if (listed.length !== (body.match(/<url>/g) ?? []).length)
      throw new Error(`${path} has an entry the reader does not understand`);
    return listed.map((m): ListedUrl => ({ loc: m[1]!, lastmod: m[2] }));
  });
  return { index: index.body, files, urls };
}
