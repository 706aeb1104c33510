import { connect, type Socket } from 'node:net';
import { once } from 'node:events';
import { Reader } from '../../src/codec/reader';
import { Writer } from '../../src/codec/writer';

/**
 * A bare Kafka protocol connection: frames requests with request header v1 and hands back each
 * response body by correlation id, so a test can look at the bytes a client library would hide.
 */
export class RawConnection {
  private buffered = Buffer.alloc(0);
  private readonly answers = new Map<number, Buffer>();
  private readonly waiting = new Map<number, (body: Buffer) => void>();
  private nextCorrelation = 1;
  readonly closed: Promise<void>;

  private constructor(private readonly socket: Socket) {
    this.closed = once(socket, 'close').then(() => undefined);
    socket.on('data', (chunk: Buffer) => {
      this.buffered = Buffer.concat([this.buffered, chunk]);
      while (this.buffered.length >= 4 && this.buffered.length >= 4 + this.buffered.readInt32BE(0)) {
        const size = this.buffered.readInt32BE(0);
        const correlationId = this.buffered.readInt32BE(4);
        const body = Buffer.from(this.buffered.subarray(8, 4 + size));
        this.buffered = this.buffered.subarray(4 + size);
        const resolve = this.waiting.get(correlationId);
        if (resolve) resolve(body);
        else this.answers.set(correlationId, body);
      }
    });
  }

  static async open(address: string): Promise<RawConnection> {
    const [host, port] = address.split(':');
    const socket = connect({ host: host!, port: Number(port) });
    await once(socket, 'connect');
    return new RawConnection(socket);
  }

  /** Sends one request; returns its correlation id. */
  send(apiKey: number, apiVersion: number, body: (w: Writer) => unknown = () => undefined): number {
    const correlationId = this.nextCorrelation++;
    const w = new Writer().int16(apiKey).int16(apiVersion).int32(correlationId).string('raw-test');
    body(w);
    const payload = w.toBuffer();
    const size = Buffer.alloc(4);
    size.writeInt32BE(payload.length);
    this.socket.write(Buffer.concat([size, payload]));
    return correlationId;
  }

  /** The body answering `correlationId`. */
  answer(correlationId: number): Promise<Reader> {
    const ready = this.answers.get(correlationId);
    if (ready) return Promise.resolve(new Reader(ready));
    return new Promise((resolve) => this.waiting.set(correlationId, (body) => resolve(new Reader(body))));
  }

  /** Correlation ids answered so far, in arrival order, not yet claimed. */
  unclaimed(): number[] {
    return [...this.answers.keys()];
  }

  close(): void {
    this.socket.destroy();
  }
}
