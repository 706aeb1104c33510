import { type IncomingMessage } from 'node:http';

/**
 * The request's body, or 'too-large' as soon as it is known to be over `maxBytes` (from its
 * Content-Length, or once that many bytes came): the rest is never kept in memory.
 */
export function readBody(request: IncomingMessage, maxBytes: number): Promise<Buffer | 'too-large'> {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    request.resume();
    return Promise.resolve('too-large');
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    request.on('data', (chunk: Buffer) => {
      if (settled) return;
      size += chunk.length;
      if (size > maxBytes) {
        settled = true;
        resolve('too-large');
      } else chunks.push(chunk);
    });
    request.on('end', () => {
      if (settled) return;
      settled = true;
      resolve(Buffer.concat(chunks));
    });
    request.on('close', () => {
      if (settled) return;
      settled = true;
      reject(new Error('the client closed the request before its body ended'));
    });
  });
}
