import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const chunk = z.object({ file: z.string().startsWith('/'), imports: z.array(z.string().startsWith('/')) });

/** Written by build-client.mjs: which hashed files make up the browser bundle. */
const manifestSchema = z.object({
  buildId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
  builtAt: z.string(),
  entry: chunk,
  renderer: chunk,
  css: z.array(z.string().startsWith('/')),
  pages: z.record(z.string(), chunk),
});

export type ClientManifest = z.output<typeof manifestSchema>;
export type ChunkRef = z.output<typeof chunk>;

export const MANIFEST_FILE = 'client-manifest.json';

/**
 * Where the built client sits relative to the compiled server: the server runs from
 * dist/apps/gateway/src/server/, the client is dist/apps/gateway/{client-manifest.json,public/}.
 */
export function defaultClientDir(): string {
  return path.resolve(__dirname, '../../..');
}

export function readClientManifest(clientDir: string): ClientManifest {
  const file = path.join(clientDir, MANIFEST_FILE);
  let raw: string;
  try {
    raw = readFileSync(file, 'utf8');
  } catch (error) {
    throw new Error(`The client bundle is missing (${file}); build it with: npx nx run gateway:build`, {
      cause: error,
    });
  }
  const parsed = manifestSchema.safeParse(JSON.parse(raw));
  if (!parsed.success) throw new Error(`${file} is not a client manifest: ${parsed.error.message}`);
  return parsed.data;
}

/**
 * Scripts every page needs before it can run: the entry and its static imports. No page hydrates,
 * so React (`renderer`) and the page chunks (`pages`) load only for client-side navigation, and
 * the page's islands when the entry finds their markers.
 */
export function modulePreloads(manifest: ClientManifest): string[] {
  return [...new Set([manifest.entry.file, ...manifest.entry.imports])];
}
