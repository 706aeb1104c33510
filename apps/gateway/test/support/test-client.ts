import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type ClientManifest, readClientManifest } from '../../src/server/render/client-manifest';

const WORKSPACE = path.resolve(__dirname, '../../../..');

/** A browser bundle built for one test file, in a temporary folder of its own. */
export interface TestClient {
  /** The build's folder (client-manifest.json, public/). */
  dir: string;
  /** What startTestGateway's `client` option takes. */
  manifest: ClientManifest;
  publicDir: string;
  remove(): void;
}

/**
 * Builds the gateway's browser bundle with the project's own build (apps/gateway/build-client.mjs)
 * into a temporary folder; `args` are passed on (e.g. `['--salt', 'a']` for a build whose every
 * hashed name differs).
 */
export function buildTestClient(args: readonly string[] = [], prefix = 'gateway-client-'): TestClient {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  execFileSync('node', ['apps/gateway/build-client.mjs', '--outdir', dir, ...args], {
    cwd: WORKSPACE,
    stdio: 'pipe',
  });
  return {
    dir,
    manifest: readClientManifest(dir),
    publicDir: path.join(dir, 'public'),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
