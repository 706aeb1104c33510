import { readCommentBody } from './comment-submission';
import { COMMENT_TEXTS } from './comment-texts';

const valid = {
  page_path: '/placa-minimalna/',
  name: 'Ala',
  email: 'ala@example.pl',
  text: 'Dzięki!',
  rating: '5',
};

describe('readCommentBody', () => {
  it('reads a form or JSON body into the SubmitComment request, numbers accepted from JSON', () => {
    expect(
      readCommentBody({
        ...valid,
        rating: 4,
        reply_to: '',
        session_id: 'b3c6b1c2-1111-4222-8333-123456789abc',
      }),
    ).toEqual({
      kind: 'valid',
      values: { name: 'Ala', email: 'ala@example.pl', text: 'Dzięki!', rating: '4' },
      sentKey: undefined,
      submission: {
        pagePath: '/placa-minimalna/',
        name: 'Ala',
        email: 'ala@example.pl',
        text: 'Dzięki!',
        rating: 4,
        replyTo: 0,
        sessionId: 'b3c6b1c2-1111-4222-8333-123456789abc',
      },
    });
    const reply = readCommentBody({ ...valid, rating: '', reply_to: '112', session_id: 'not-a-uuid' });
    expect(reply).toMatchObject({ kind: 'valid', submission: { rating: 0, replyTo: 112, sessionId: '' } });
  });

  it('refuses what is not an object', () => {
    for (const body of [null, [], 'text', 5, undefined])
      expect(readCommentBody(body)).toEqual({ kind: 'unreadable' });
  });

  it('checks the honeypot before the fields, pretending success only on a real page', () => {
    expect(readCommentBody({ page_path: '/placa-minimalna/', website: 'x', name: ['?'] })).toEqual({
      kind: 'honeypot',
      pagePath: '/placa-minimalna/',
      sentPath: '/placa-minimalna/',
    });
    expect(readCommentBody({ page_path: '/', website: 0 })).toMatchObject({
      kind: 'honeypot',
      pagePath: null,
    });
  });

  it('needs a page below the root', () => {
    for (const page_path of ['', '/', 'placa', '/Placa/', 5, ['/a/']])
      expect(readCommentBody({ ...valid, page_path })).toEqual({ kind: 'unknown-page' });
  });

  it('marks fields of the wrong type, and a malformed reply id as a tampered form', () => {
    expect(readCommentBody({ ...valid, name: ['x'], rating: '55' })).toEqual({
      kind: 'invalid',
      pagePath: '/placa-minimalna/',
      errors: { name: COMMENT_TEXTS.badField, rating: COMMENT_TEXTS.badField },
      badReplyTo: false,
      values: { email: 'ala@example.pl', text: 'Dzięki!', rating: '55' },
    });
    expect(readCommentBody({ ...valid, reply_to: 'abc' })).toMatchObject({
      kind: 'invalid',
      errors: {},
      badReplyTo: true,
    });
  });

  it("reads the form's idempotency key, canonical, and keeps it for the form drawn again; anything but a UUID v4 is none", () => {
    const key = 'B3C6B1C2-1111-4222-8333-123456789ABC';
    expect(readCommentBody({ ...valid, idempotency_key: key })).toMatchObject({
      kind: 'valid',
      sentKey: key.toLowerCase(),
      values: { idempotency_key: key.toLowerCase() },
    });
    expect(readCommentBody({ ...valid, name: ['x'], idempotency_key: key })).toMatchObject({
      kind: 'invalid',
      values: { idempotency_key: key.toLowerCase() },
    });
    for (const idempotency_key of [
      undefined,
      '',
      'form-key-slot-7d1c0e5a',
      'b3c6b1c2-1111-1222-8333-123456789abc',
      ['x'],
    ]) {
      const read = readCommentBody({ ...valid, idempotency_key });
      expect(read).toMatchObject({ kind: 'valid', sentKey: undefined });
      expect(read.kind === 'valid' && 'idempotency_key' in read.values).toBe(false);
    }
  });
});
