import path from 'node:path';
import { env, serviceEnvSchema } from '@lib/config';
import { z } from 'zod';

/**
 * The repository's content/ folder, found from this file: apps/content/src → content/ when running
 * from source (tests, ts tooling) and dist/apps/content/src → dist/content in the build, which copies
 * content/ there (project.json: --copy content).
 */
export const DEFAULT_CONTENT_DIR = path.resolve(__dirname, '../../../content');

/** Everything the content service (and its import CLI) reads from the environment, validated once. */
export const contentConfigSchema = serviceEnvSchema('content').extend({
  /** Folder with the editorial Markdown and YAML files (content/README.md describes the format). */
  CONTENT_DIR: z
    .string()
    .default(DEFAULT_CONTENT_DIR)
    .transform((dir) => path.resolve(dir)),
  /** How often counted article views move from Redis (or memory) to PostgreSQL. */
  CONTENT_VIEWS_FLUSH_MS: env.positiveMs(30_000),
  /**
   * Redis key prefix of the view counters: the service's namespace and their purpose
   * (`content:views:pending`), beside the cached answers under `content:cache:`, which imports clear.
   */
  CONTENT_VIEWS_KEY_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_-]{1,64}$/, 'must be 1-64 letters, digits, ":", "_" or "-"')
    .default('content:views'),
});

export type ContentConfig = z.output<typeof contentConfigSchema>;
