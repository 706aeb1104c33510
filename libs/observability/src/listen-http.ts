import { type Server } from 'node:http';
import { type AddressInfo } from 'node:net';

export interface ListeningHttpServer {
  host: string;
  port: number;
  /** Stops accepting, closes idle and open connections, and resolves once the server closed (idempotent). */
  close(): Promise<void>;
}

/**
 * Listens on host:port (0: a free port; no host: every interface) and answers the address it got and a close that does not
 * wait for kept-alive connections: scrapers and probes keep theirs open, and without
 * closeAllConnections a close would wait for their timeout.
 */
export async function listenHttp(server: Server, port: number, host?: string): Promise<ListeningHttpServer> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  let closing: Promise<void> | undefined;
  return {
    host: address.address,
    port: address.port,
    close() {
      closing ??= new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
