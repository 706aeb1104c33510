/**
 * A page number as the site writes it in addresses and queries: 1-based, digits only, no leading
 * zeros, at most `maxDigits` digits (so a crawler cannot make up unbounded cache keys). Anything
 * else is null: '/blog/page-02/' and '?komentarze-strona=0' name no page. The one parser for the
 * listing pages ('/blog/page-2/') and the comment pages ('?komentarze-strona=2').
 */
export function parsePageNumber(text: string | null | undefined, maxDigits: number): number | null {
  if (text === null || text === undefined || text.length > maxDigits || !/^[1-9]\d*$/.test(text)) return null;
  return Number(text);
}
