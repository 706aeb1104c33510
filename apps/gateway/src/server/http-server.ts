import { type Logger } from '@lib/observability';
import { type Express } from 'express';
import { type Server, createServer } from 'node:http';
import { type AddressInfo } from 'node:net';
import { type ReadinessState } from './readiness-state';

export interface RunningServer {
  server: Server;
  port: number;
  /**
   * Graceful stop: readiness turns 503, no new connections are accepted, idle keep-alive
   * connections close, in-flight requests finish; whatever is still open after timeoutMs is cut.
   */
  close(timeoutMs: number): Promise<void>;
}

export interface ListenOptions {
  host: string;
  port: number;
  readiness: ReadinessState;
  logger: Logger;
}

export async function startGatewayServer(app: Express, options: ListenOptions): Promise<RunningServer> {
  const server = createServer(app);
  // A slow client must not hold a socket forever; headers must arrive within 20 s.
  server.headersTimeout = 20_000;
  server.requestTimeout = 30_000;
  server.keepAliveTimeout = 5_000;
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    // Node's own answers for unparsable requests (400, 431 for oversized headers) carry no
    // stack; this only keeps the log quiet and the socket tidy.
    if (!socket.writable) {
      socket.destroy();
      return;
    }
    const code = error.code === 'HPE_HEADER_OVERFLOW' ? '431 Request Header Fields Too Large' : '400 Bad Request';
    socket.end(`HTTP/1.1 ${code}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  options.readiness.markListening();
  const port = (server.address() as AddressInfo).port;
  options.logger.info({ host: options.host, port }, `gateway listening on http://${options.host}:${port}/`);

  let closing: Promise<void> | undefined;
  return {
    server,
    port,
    close(timeoutMs) {
      closing ??= new Promise<void>((resolve) => {
        options.readiness.markDraining();
        const force = setTimeout(() => {
          options.logger.warn('shutdown timeout: closing the remaining connections');
          server.closeAllConnections();
        }, timeoutMs);
        force.unref();
        // A keep-alive connection whose request finishes during the drain turns idle afterwards;
        // close those as they appear rather than waiting for keepAliveTimeout.
        const sweep = setInterval(() => server.closeIdleConnections(), 50);
        sweep.unref();
        server.close(() => {
          clearTimeout(force);
          clearInterval(sweep);
          resolve();
        });
        server.closeIdleConnections();
      });
      return closing;
    },
  };
}
