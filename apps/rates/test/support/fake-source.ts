import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { type AddressInfo } from 'node:net';
import path from 'node:path';

/** The NBP Web API bodies recorded from api.nbp.pl (copied from the shared data folder). */
export const NBP_FIXTURES = path.join(__dirname, '../fixtures/nbp');
export const nbpFixture = (name: string) => readFileSync(path.join(NBP_FIXTURES, name), 'utf8');

/** A canned answer; `hold` never answers (until the server closes), to make the client time out. */
export type Answer = { status: number; body: string; type?: string } | 'hold';

/**
 * A local HTTP server standing in for NBP or a bank: each request path is answered by the first
 * route whose pattern matches, answers are consumed in order (the last one repeats), and every
 * request path is recorded.
 */
export class FakeSource {
  readonly requests: string[] = [];
  private readonly routes: { pattern: RegExp; answers: Answer[] }[] = [];
  private readonly held: ServerResponse[] = [];
  private server: Server | undefined;
  url = '';

  on(pattern: RegExp, ...answers: Answer[]): this {
    this.routes.unshift({ pattern, answers });
    return this;
  }

  reset(): void {
    this.routes.length = 0;
    this.requests.length = 0;
  }

  async start(): Promise<this> {
    this.server = createServer((req: IncomingMessage, res: ServerResponse) => {
      const url = req.url ?? '/';
      this.requests.push(url);
      const route = this.routes.find((r) => r.pattern.test(url));
      const answer = route
        ? route.answers.length > 1
          ? route.answers.shift()!
          : route.answers[0]!
        : { status: 404, body: '404 NotFound - Not Found - Brak danych' };
      if (answer === 'hold') {
        this.held.push(res);
        return;
      }
      res.writeHead(answer.status, {
        'content-type':
          answer.type ??
          (answer.body.startsWith('[') || answer.body.startsWith('{')
            ? 'application/json; charset=utf-8'
            : 'text/plain; charset=utf-8'),
      });
      res.end(answer.body);
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    for (const res of this.held) res.destroy();
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
