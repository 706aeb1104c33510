import { LRUCache } from 'lru-cache';

/**
 * Rendered documents by ETag. The ETag hashes everything the HTML is made of (inline state with
 * build id, route, params, head, locale, today's date, and the page data), so an entry can never be
 * served for a page that would render differently; nothing personal is part of a document. Kept in
 * process (not Redis): a hit must cost less than a render, and each replica renders its own.
 */
export class HtmlMemo {
  private readonly entries: LRUCache<string, Buffer>;

  constructor(maxBytes = 32 * 1024 * 1024) {
    this.entries = new LRUCache<string, Buffer>({
      maxSize: maxBytes,
      sizeCalculation: (html) => html.length || 1,
    });
  }

  get(key: string): Buffer | undefined {
    return this.entries.get(key);
  }

  set(key: string, html: Buffer): void {
    this.entries.set(key, html);
  }

  get size(): number {
    return this.entries.size;
  }
}
