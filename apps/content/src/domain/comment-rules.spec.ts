import { COMMENT_MESSAGES, moderate, staffReplySchema, submitCommentSchema } from './comment-rules';

describe('comment state machine', () => {
  it('moves a pending comment to published or rejected, and nothing else', () => {
    expect(moderate('pending', 'approve')).toBe('published');
    expect(moderate('pending', 'reject')).toBe('rejected');
    expect(moderate('published', 'reject')).toEqual({ refused: 'comment is already published' });
    expect(moderate('rejected', 'approve')).toEqual({ refused: 'comment is already rejected' });
  });
});

describe('submitCommentSchema', () => {
  const base = {
    pagePath: '/placa-minimalna/',
    name: 'Jan',
    email: 'jan@example.pl',
    text: 'Dobry tekst.',
    rating: 4,
    replyTo: 0,
    sessionId: '',
  };
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

  it('counts a line break the browser sends as CRLF as one character, as the textarea did', () => {
    // 5,000 characters in the textarea, 100 of them line breaks: 5,100 once the form sends CRLF.
    const typed = `${'ą'.repeat(49)}\n`.repeat(100);
    expect(typed).toHaveLength(5000);
    const sent = typed.replace(/\n/g, '\r\n');
    const parsed = submitCommentSchema.parse({ ...base, text: sent });
    expect(parsed.text).toBe(typed.trim());
    expect(issues({ ...base, text: `${sent}x` })).toEqual({ text: COMMENT_MESSAGES.text });
  });
});

describe('names in comments and staff replies', () => {
  const comment = {
    pagePath: '/placa-minimalna/',
    email: 'jan@example.pl',
    text: 'Dobry tekst.',
    rating: 4,
    replyTo: 0,
    sessionId: '',
  };
  const reply = { commentId: 1, authorType: 'company', text: 'Dziękujemy za opinię.', moderator: 'ola' };
  const nameIssue = (result: {
    success: boolean;
    error?: { issues: { path: PropertyKey[]; message: string }[] };
  }) => result.error?.issues.find((issue) => issue.path[0] === 'name')?.message;

  it.each([
    ['a right-to-left override', 'Jan\u202Ekcin'],
    ['a bidi isolate', 'Jan\u2067Kowalski\u2069'],
    ['a zero-width space', 'Jan\u200BKowalski'],
    ['a zero-width joiner', 'Jan\u200DKowalski'],
    ['a word joiner', 'Jan\u2060Kowalski'],
    ['a zero-width no-break space (BOM) inside', 'Jan\uFEFFKowalski'],
  ])('refuses %s with a Polish message', (_what, name) => {
    expect(nameIssue(submitCommentSchema.safeParse({ ...comment, name }))).toBe(
      COMMENT_MESSAGES.hiddenCharacters,
    );
    expect(nameIssue(staffReplySchema.safeParse({ ...reply, name }))).toBe(COMMENT_MESSAGES.hiddenCharacters);
  });

  it('keeps accepting Polish and other scripts', () => {
    for (const name of ['Łucja Żółć-Ślęzak', 'محمد', 'Zoë 🙂']) {
      expect(submitCommentSchema.safeParse({ ...comment, name }).success).toBe(true);
    }
  });
});
