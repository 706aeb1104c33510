import { readFile } from 'node:fs/promises';
import path from 'node:path';

export interface SandboxFilePaths {
  lenderFile: string;
  feed: string;
  behaviourFile: string;
}

/**
 * The three files' texts; relative paths are read from the working directory (the workspace root
 * under `npm start` and the test starter). A file that cannot be read is named in the problems.
 */
export async function readSandboxFiles(
  paths: SandboxFilePaths,
): Promise<{ ok: { lenderFile: string; feed: string; behaviourFile: string } } | { problems: string[] }> {
  const problems: string[] = [];
  const read = async (what: string, file: string) => {
    try {
      return await readFile(path.resolve(file), 'utf8');
    } catch (error) {
      problems.push(`${what} ${file}: ${(error as Error).message}`);
      return '';
    }
  };
  const [lenderFile, feed, behaviourFile] = await Promise.all([
    read('lender file', paths.lenderFile),
    read('feed', paths.feed),
    read('behaviour file', paths.behaviourFile),
  ]);
  return problems.length > 0 ? { problems } : { ok: { lenderFile, feed, behaviourFile } };
}
