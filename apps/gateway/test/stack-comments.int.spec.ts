import { describeWithRedis, provideTestRedis, type TestRedis } from '@lib/testing';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { COMMENT_TEXTS } from '../src/features/comments/comment-texts';
import { rawRequest } from './support/raw-http';
import { eventually, startStack, type Stack } from './support/stack';

/*
 * Comments exactly once, on the real thing: the gateway and the content service as processes from
 * their builds, the content service's PostgreSQL stalled on purpose (a lock held by the test), and
 * a visitor who is told the truth and sends the form again.
 */

const ARTICLE = '/placa-minimalna/';
/** The gateway's deadline for every gRPC call (GRPC_DEADLINE_MS), set for this stack. */
const DEADLINE_MS = 1_500;

describeWithRedis('comments exactly once through a stalled content service (real stack)', () => {
  let redis: TestRedis;
  let stack: Stack;
  let db: Client;

  beforeAll(async () => {
    redis = await provideTestRedis();
    stack = await startStack({ redis, gatewayEnv: { GRPC_DEADLINE_MS: String(DEADLINE_MS) } });
    db = new Client({ connectionString: stack.databaseUrls.content });
    await db.connect();
  });

  afterAll(async () => {
    await db?.end();
    await stack?.stop();
    await redis?.close();
  });

  const postForm = (fields: Record<string, string>) =>
    rawRequest(stack.port, {
      method: 'POST',
      path: '/api/comments',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: stack.url },
      body: new URLSearchParams(fields).toString(),
    });
  const storedWith = async (text: string) =>
    (await db.query<{ id: string }>(`SELECT id FROM content.comments WHERE text = $1`, [text])).rows.map(
      (r) => r.id,
    );
  /** Other backends of the content database that are doing something (a query, a transaction, a wait). */
  const busyBackends = async () =>
    Number(
      (
        await db.query<{ n: string }>(
          `SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND state <> 'idle'`,
        )
      ).rows[0]?.n,
    );
  const waitingForLocks = async () =>
    Number(
      (
        await db.query<{ n: string }>(
          `SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
        )
      ).rows[0]?.n,
    );

  it('answers the visitor the truth while the service stalls, and stores the comment once when the form is sent again', async () => {
    const key = randomUUID();
    const text = `Komentarz wysłany w czasie przestoju (${key.slice(0, 8)}).`;
    const form = {
      page_path: ARTICLE,
      name: 'Jan Cierpliwy',
      email: 'jan@example.pl',
      text,
      rating: '4',
      reply_to: '',
      website: '',
      idempotency_key: key,
    };

    // The content database stalls: inserts into the comments wait for the test's lock.
    await db.query('BEGIN');
    await db.query('LOCK TABLE content.comments IN EXCLUSIVE MODE');
    let answer: Awaited<ReturnType<typeof postForm>>;
    try {
      const posted = postForm(form);
      await eventually(async () => (await waitingForLocks()) >= 1);
      // The call reached the service before now, so its deadline there ends before now + DEADLINE_MS.
      const serviceDeadlineBefore = Date.now() + DEADLINE_MS;
      answer = await posted;
      await eventually(() => Date.now() > serviceDeadlineBefore);
    } finally {
      await db.query('COMMIT');
    }

    expect(answer.status).toBe(503);
    expect(answer.body).toContain(COMMENT_TEXTS.uncertain);
    expect(answer.body).not.toContain(COMMENT_TEXTS.pending);
    expect(answer.body).toContain(`<textarea id="komentarz-tresc"`);
    expect(answer.body).toContain(text);
    expect(answer.body).toMatch(
      new RegExp(`name="idempotency_key" value="${key}"|value="${key}"[^>]*name="idempotency_key"`),
    );

    // The service resumes: its insert goes through, but its deadline has passed, so it never commits.
    await eventually(async () => (await busyBackends()) === 0);
    expect(await storedWith(text)).toEqual([]);

    // The visitor sends the refilled form again (same key), and the browser even re-posts it once more.
    expect((await postForm(form)).status).toBe(303);
    expect((await postForm(form)).status).toBe(303);
    expect(await storedWith(text)).toHaveLength(1);
  });

  it('refuses a comment for an address where no page takes comments (404, in Polish, the text shown to copy)', async () => {
    const text = 'Komentarz pod stroną, której nie ma.';
    const res = await postForm({
      page_path: '/nie-ma-takiej-strony/',
      name: 'Jan',
      email: 'jan@example.pl',
      text,
      rating: '5',
      reply_to: '',
      website: '',
    });
    expect(res.status).toBe(404);
    expect(res.body).toContain(COMMENT_TEXTS.notCommentable);
    expect(res.body).toContain(text);
    expect(await storedWith(text)).toEqual([]);
  });
});
