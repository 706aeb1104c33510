import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import { type AddressInfo } from 'node:net';

/** A step of the gateway's request listener: true when it answered, false when the next must. */
export type ListenerStep = (req: IncomingMessage, res: ServerResponse) => boolean;

/** A listening server made of one step, with what it left to the rest of the listener. */
export interface StepServer {
  port: number;
  /** The requests the step left to the rest, as method and target; a test empties it as it likes. */
  fellThrough: string[];
  close(): Promise<void>;
}

/** Serves `step` on a random port; what it leaves is answered 299 with no body and recorded. */
export async function startStepServer(step: ListenerStep): Promise<StepServer> {
  const fellThrough: string[] = [];
  const server = createServer((req, res) => {
    if (step(req, res)) return;
    fellThrough.push(`${req.method} ${req.url}`);
    res.statusCode = 299;
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    fellThrough,
    close: () =>
      new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
