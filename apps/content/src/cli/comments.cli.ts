import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { env, SERVICE_PORTS } from '@lib/config';
import { contentV1, createServiceClient, GrpcCallError } from '@lib/contracts';
import { CliFailure, CliUsageError, runCliProcess, type CliCommand } from '@lib/service-kit';
import { z } from 'zod';

const USAGE = `usage: npm run comments -- <command>
  list [--state pending|published|rejected] [--page N]   comments in a moderation state (default: pending)
  approve <id> [--by NAME]                                publish a pending comment
  reject <id> [--reason TEXT] [--by NAME]                 reject a pending comment
  reply <id> --as company|expert --name NAME TEXT…       publish a staff reply under a published comment
The moderator recorded is --by, else USER (the login name), else "cli".
The content service is reached at CONTENT_SERVICE_ADDR (default 127.0.0.1:${SERVICE_PORTS.content.grpc}).
exit codes: 0 done, 1 the content service refused or failed, 2 bad arguments, 78 a bad environment`;

/** What the commands read from the environment. */
const commentsEnvSchema = z.object({
  CONTENT_SERVICE_ADDR: env.hostPort(`127.0.0.1:${SERVICE_PORTS.content.grpc}`),
  /** The login name, recorded as the moderator when --by is not given (the service keeps 1–100 characters). */
  USER: z.string().max(100, 'must be at most 100 characters to be recorded as the moderator').optional(),
});
type CommentsEnv = z.output<typeof commentsEnvSchema>;

const STATES: Record<string, contentV1.CommentState> = {
  pending: contentV1.CommentState.PENDING,
  published: contentV1.CommentState.PUBLISHED,
  rejected: contentV1.CommentState.REJECTED,
};
const STATE_NAMES = ['', 'pending', 'published', 'rejected'];

type CommentsArgs =
  | { command: 'list'; state: contentV1.CommentState; stateName: string; page: number }
  | { command: 'approve' | 'reject'; id: number; by: string | undefined; reason: string }
  | {
      command: 'reply';
      id: number;
      authorType: contentV1.CommentAuthorType;
      name: string;
      text: string;
      by: string | undefined;
    };

const oneLine = (text: string, max: number) => {
  const flat = text.replace(/\s+/g, ' ');
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

const commentId = (text: string | undefined) => {
  const id = Number(text);
  return text && Number.isInteger(id) && id >= 1 ? id : undefined;
};

function parseCommentsArgs(argv: string[]): CommentsArgs {
  const { values, positionals } = parseArgs({
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
  const [command, idText] = positionals;
  switch (command) {
    case 'list': {
      const stateName = values.state ?? 'pending';
      const state = STATES[stateName];
      const page = Number(values.page ?? '1');
      if (state === undefined)
        throw new CliUsageError('list: --state must be pending, published or rejected');
      if (!Number.isInteger(page) || page < 1)
        throw new CliUsageError('list: --page must be a whole number from 1');
      return { command, state, stateName, page };
    }
    case 'approve':
    case 'reject': {
      const id = commentId(idText);
      if (id === undefined) throw new CliUsageError(`${command}: a comment id is required`);
      return { command, id, by: values.by, reason: values.reason ?? '' };
    }
    case 'reply': {
      const id = commentId(idText);
      const authorType =
        values.as === 'company'
          ? contentV1.CommentAuthorType.COMPANY
          : values.as === 'expert'
            ? contentV1.CommentAuthorType.EXPERT
            : undefined;
      const text = positionals.slice(2).join(' ');
      if (id === undefined || authorType === undefined || !values.name || !text) {
        throw new CliUsageError('reply: an id, --as company|expert, --name and the text are required');
      }
      return { command, id, authorType, name: values.name, text, by: values.by };
    }
    case undefined:
      throw new CliUsageError('a command is required');
    default:
      throw new CliUsageError(`unknown command "${command}"`);
  }
}

/** Comment moderation against the content service. */
export const commentsCli: CliCommand<CommentsArgs, CommentsEnv> = {
  name: 'comments',
  usage: USAGE,
  parseArgs: parseCommentsArgs,
  env: commentsEnvSchema,
  async run({ args, config, io, defer }) {
    const client = createServiceClient('content', { target: config.CONTENT_SERVICE_ADDR, deadlineMs: 5_000 });
    defer(() => client.close());
    const moderator = args.command === 'list' ? '' : (args.by ?? config.USER ?? 'cli');
    try {
      switch (args.command) {
        case 'list': {
          const answer = await client.listCommentsForModeration({
            state: args.state,
            page: { page: args.page, pageSize: 50 },
          });
          for (const c of answer.comments) {
            const rating = c.rating ? `★${c.rating}` : '  ';
            io.out(
              `#${c.id}  ${c.createdAt.slice(0, 16).replace('T', ' ')}  ${STATE_NAMES[c.state]}  ${c.pagePath}  ${rating}  ${c.name} <${c.email}>${c.replyTo ? `  ↳ #${c.replyTo}` : ''}`,
            );
            io.out(`      ${oneLine(c.text, 160)}`);
          }
          const info = answer.pageInfo;
          io.out(
            `${info?.totalItems ?? 0} ${args.stateName} comment(s); page ${info?.page ?? 1} of ${Math.max(info?.totalPages ?? 1, 1)}`,
          );
          return 0;
        }
        case 'approve':
        case 'reject': {
          const result =
            args.command === 'approve'
              ? await client.approveComment({ commentId: args.id, moderator })
              : await client.rejectComment({ commentId: args.id, moderator, reason: args.reason });
          io.out(`#${result.id} is now ${STATE_NAMES[result.state]} (by ${result.moderatedBy})`);
          return 0;
        }
        case 'reply': {
          // One key per command: the client's retry after UNAVAILABLE then cannot publish the reply twice.
          const reply = await client.postStaffReply({
            commentId: args.id,
            authorType: args.authorType,
            name: args.name,
            text: args.text,
            moderator,
            idempotencyKey: randomUUID(),
          });
          io.out(`#${reply.id} published as a reply to #${reply.replyTo}`);
          return 0;
        }
      }
    } catch (error) {
      if (!(error instanceof GrpcCallError)) throw error;
      const fields = error.fieldViolations.map((v) => `${v.field}: ${v.description}`).join('; ');
      throw new CliFailure(
        `${args.command} failed: ${error.details || error.message}${fields ? ` (${fields})` : ''}`,
      );
    }
  },
};

if (require.main === module) void runCliProcess(commentsCli);
