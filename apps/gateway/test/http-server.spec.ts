import { createLogger } from '@lib/observability';
import express from 'express';
import { startGatewayServer } from '../src/server/http-server';
import { ReadinessState } from '../src/server/readiness-state';
import { rawRequest } from './support/raw-http';

const silent = createLogger({ name: 'gateway-test', level: 'silent' });

function slowApp(delayMs: number) {
  const app = express();
  app.get('/slow', (_req, res) => {
    setTimeout(() => res.send('done'), delayMs);
  });
  app.get('/never', () => undefined);
  return app;
}

describe('graceful shutdown', () => {
  it('finishes in-flight requests, refuses new connections and turns unready', async () => {
    const readiness = new ReadinessState();
    const server = await startGatewayServer(slowApp(300), { host: '127.0.0.1', port: 0, readiness, logger: silent });
    expect(readiness.status()).toBe('ready');

    const inFlight = rawRequest(server.port, { path: '/slow' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const closed = server.close(5_000);
    expect(readiness.status()).toBe('shutting-down');
    await expect(rawRequest(server.port, { path: '/slow' })).rejects.toThrow(/ECONNREFUSED/);

    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(response.body).toBe('done');
    const drained = Date.now();
    await closed;
    expect(Date.now() - drained).toBeLessThan(500); // not held open by the idle keep-alive socket
  });

  it('cuts requests still open when the timeout runs out', async () => {
    const readiness = new ReadinessState();
    const server = await startGatewayServer(slowApp(0), { host: '127.0.0.1', port: 0, readiness, logger: silent });
    const stuck = rawRequest(server.port, { path: '/never' }).then(
      () => 'answered',
      (error: NodeJS.ErrnoException) => error.code,
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = Date.now();
    await server.close(200);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(await stuck).toBe('ECONNRESET');
  });
});
