import { createServer, type IncomingHttpHeaders } from 'node:http';
import { type AddressInfo } from 'node:net';

export interface ReceivedCallback {
  headers: IncomingHttpHeaders;
  body: Buffer;
  atSeconds: number;
}

/** Our callback URL played by the test: records every POST and answers the next status of `answers`. */
export async function startCallbackReceiver() {
  const received: ReceivedCallback[] = [];
  let answers: number[] = [];
  let otherwise = 200;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks), atSeconds: Date.now() / 1000 });
      response.writeHead(answers.shift() ?? otherwise, { 'content-type': 'application/json' });
      response.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/partner/lead-status`,
    received,
    /** The statuses of the next POSTs, then `then` for every one after. */
    answer(next: number[], then = 200) {
      answers = [...next];
      otherwise = then;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
