import { HtmlMemo } from './html-memo';

describe('HtmlMemo', () => {
  it('returns what was stored under the same ETag key only', () => {
    const memo = new HtmlMemo();
    memo.set('W/"a"|shell', Buffer.from('<html>a</html>'));
    expect(memo.get('W/"a"|shell')?.toString()).toBe('<html>a</html>');
    expect(memo.get('W/"a"|all')).toBeUndefined();
    expect(memo.get('W/"b"|shell')).toBeUndefined();
  });

  it('evicts the least recently used documents beyond its byte budget', () => {
    const memo = new HtmlMemo(10);
    memo.set('a', Buffer.alloc(6));
    memo.set('b', Buffer.alloc(6));
    expect(memo.get('a')).toBeUndefined();
    expect(memo.get('b')).toHaveLength(6);
    expect(memo.size).toBe(1);
  });
});
