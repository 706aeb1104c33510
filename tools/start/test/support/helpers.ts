import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';

export async function occupyPort(): Promise<{ port: number; server: Server }> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port assigned');
  return { port: address.port, server };
}

export const closeServer = (server: { close(cb: () => void): unknown }) =>
  new Promise<void>((resolve) => {
    server.close(() => resolve());
  });

/** True while a process with this pid runs; a zombie awaiting its reaper counts as gone. */
export function isAlive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}
