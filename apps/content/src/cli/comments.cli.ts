import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { contentV1, createServiceClient, GrpcCallError, type ServiceClient } from '@lib/contracts';

const USAGE = `usage: npm run comments -- <command>
  list [--state pending|published|rejected] [--page N]   comments in a moderation state (default: pending)
  approve <id> [--by NAME]                                publish a pending comment
  reject <id> [--reason TEXT] [--by NAME]                 reject a pending comment
  reply <id> --as company|expert --name NAME TEXT…       publish a staff reply under a published comment
The content service is reached at CONTENT_SERVICE_ADDR (default 127.0.0.1:50051).`;

const STATES: Record<string, contentV1.CommentState> = {
  pending: contentV1.CommentState.PENDING,
  published: contentV1.CommentState.PUBLISHED,
  rejected: contentV1.CommentState.REJECTED,
};
const STATE_NAMES = ['', 'pending', 'published', 'rejected'];

export interface Output {
  out(line: string): void;
  err(line: string): void;
}

const oneLine = (text: string, max: number) => {
  const flat = text.replace(/\s+/g, ' ');
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

/** Runs one CLI command against a content client; returns the process exit code (0 ok, 1 failed, 2 usage). */
export async function runCommentsCli(argv: string[], client: ServiceClient<'content'>, io: Output): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        state: { type: 'string' },
        page: { type: 'string' },
        by: { type: 'string' },
        reason: { type: 'string' },
        as: { type: 'string' },
        name: { type: 'string' },
      },
    });
  } catch (error) {
    io.err(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const [command, idText] = parsed.positionals;
  const by = parsed.values.by ?? process.env['USER'] ?? 'cli';
  try {
    switch (command) {
      case 'list': {
        const state = STATES[parsed.values.state ?? 'pending'];
        const page = Number(parsed.values.page ?? '1');
        if (state === undefined || !Number.isInteger(page) || page < 1) {
          io.err(USAGE);
          return 2;
        }
        const answer = await client.listCommentsForModeration({ state, page: { page, pageSize: 50 } });
        for (const c of answer.comments) {
          const rating = c.rating ? `★${c.rating}` : '  ';
          io.out(`#${c.id}  ${c.createdAt.slice(0, 16).replace('T', ' ')}  ${STATE_NAMES[c.state]}  ${c.pagePath}  ${rating}  ${c.name} <${c.email}>${c.replyTo ? `  ↳ #${c.replyTo}` : ''}`);
          io.out(`      ${oneLine(c.text, 160)}`);
        }
        const info = answer.pageInfo;
        io.out(`${info?.totalItems ?? 0} ${parsed.values.state ?? 'pending'} comment(s); page ${info?.page ?? 1} of ${Math.max(info?.totalPages ?? 1, 1)}`);
        return 0;
      }
      case 'approve':
      case 'reject': {
        const id = Number(idText);
        if (!idText || !Number.isInteger(id) || id < 1) {
          io.err(`${command}: a comment id is required\n${USAGE}`);
          return 2;
        }
        const result =
          command === 'approve'
            ? await client.approveComment({ commentId: id, moderator: by })
            : await client.rejectComment({ commentId: id, moderator: by, reason: parsed.values.reason ?? '' });
        io.out(`#${result.id} is now ${STATE_NAMES[result.state]} (by ${result.moderatedBy})`);
        return 0;
      }
      case 'reply': {
        const id = Number(idText);
        const authorType = parsed.values.as === 'company' ? contentV1.CommentAuthorType.COMPANY : parsed.values.as === 'expert' ? contentV1.CommentAuthorType.EXPERT : undefined;
        const text = parsed.positionals.slice(2).join(' ');
        if (!Number.isInteger(id) || id < 1 || authorType === undefined || !parsed.values.name || !text) {
          io.err(`reply: an id, --as company|expert, --name and the text are required\n${USAGE}`);
          return 2;
        }
        // One key per command: the client's retry after UNAVAILABLE then cannot publish the reply twice.
        const reply = await client.postStaffReply({ commentId: id, authorType, name: parsed.values.name, text, moderator: by, idempotencyKey: randomUUID() });
        io.out(`#${reply.id} published as a reply to #${reply.replyTo}`);
        return 0;
      }
      case undefined:
      default:
        io.err(USAGE);
        return 2;
    }
  } catch (error) {
    if (error instanceof GrpcCallError) {
      const fields = error.fieldViolations.map((v) => `${v.field}: ${v.description}`).join('; ');
      io.err(`${command} failed: ${error.details || error.message}${fields ? ` (${fields})` : ''}`);
      return 1;
    }
    throw error;
  }
}

if (require.main === module) {
  const client = createServiceClient('content', { target: process.env['CONTENT_SERVICE_ADDR'] || '127.0.0.1:50051', deadlineMs: 5_000 });
  runCommentsCli(process.argv.slice(2), client, { out: (l) => console.log(l), err: (l) => console.error(l) })
    .then((code) => {
      client.close();
      process.exitCode = code;
    })
    .catch((error: unknown) => {
      client.close();
      console.error(error);
      process.exitCode = 1;
    });
}
