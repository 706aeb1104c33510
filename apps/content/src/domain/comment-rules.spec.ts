import { COMMENT_MESSAGES, moderate, submitCommentSchema } from './comment-rules';

describe('comment state machine', () => {
  it('moves a pending comment to published or rejected, and nothing else', () => {
    expect(moderate('pending', 'approve')).toBe('published');
    expect(moderate('pending', 'reject')).toBe('rejected');
    expect(moderate('published', 'reject')).toEqual({ refused: 'comment is already published' });
    expect(moderate('rejected', 'approve')).toEqual({ refused: 'comment is already rejected' });
  });
});

describe('submitCommentSchema', () => {
  const base = { pagePath: '/placa-minimalna/', name: 'Jan', email: 'jan@example.pl', text: 'Dobry tekst.', rating: 4, replyTo: 0, sessionId: '' };
  const issues = (input: object) => {
    const r = submitCommentSchema.safeParse(input);
    return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
  };

  it('accepts a comment and a reply', () => {
    expect(issues(base)).toEqual({});
    expect(issues({ ...base, rating: 0, replyTo: 12 })).toEqual({});
  });

  it('requires a 1–5 rating on top-level comments and none on replies', () => {
    expect(issues({ ...base, rating: 0 })).toEqual({ rating: COMMENT_MESSAGES.rating });
    expect(issues({ ...base, rating: 6 })).toEqual({ rating: COMMENT_MESSAGES.rating });
    expect(issues({ ...base, rating: 3, replyTo: 12 })).toEqual({ rating: COMMENT_MESSAGES.replyRating });
  });

  it('refuses HTML, control characters, empty and over-long text, and bad page paths', () => {
    expect(issues({ ...base, text: 'Zobacz <a href="x">to</a>' })).toEqual({ text: COMMENT_MESSAGES.html });
    expect(issues({ ...base, text: 'ab\u0007cd' })).toEqual({ text: COMMENT_MESSAGES.text });
    expect(issues({ ...base, text: '  ' })).toEqual({ text: COMMENT_MESSAGES.text });
    expect(issues({ ...base, text: 'x'.repeat(5001) })).toEqual({ text: COMMENT_MESSAGES.text });
    expect(issues({ ...base, text: 'linia 1\nlinia 2' })).toEqual({});
    expect(issues({ ...base, pagePath: '/../x' })).toEqual({ pagePath: COMMENT_MESSAGES.pagePath });
  });
});
