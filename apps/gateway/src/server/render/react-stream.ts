import { type ReactNode } from 'react';
import { type PipeableStream, renderToPipeableStream } from 'react-dom/server';
import { Writable } from 'node:stream';

export interface ReadyStream {
  /**
   * Pipes React's HTML into `sink` between `head` and `tail`. Everything React produces in one
   * go is sent as one write (not one per internal 2 KB chunk); `end` receives the last bytes,
   * tail included, so an HTTP response can send them together with res.end().
   */
  pipe(sink: HtmlSink, frame: { head: string; tail: string }, end: (last: Buffer) => void): void;
  abort(reason?: unknown): void;
  /** True once React reported an error or the render was aborted: such output is never reused. */
  readonly failed: boolean;
}

/**
 * Where the HTML goes: an HTTP response, or a buffer for renderRouteToString. Writes are not
 * throttled by the sink's backpressure: React holds a page's completed markup in memory either
 * way, and a response buffers it the same until a slow client has read it.
 */
export interface HtmlSink {
  write(chunk: Buffer): unknown;
  /** compression's res.flush(): pushes what is buffered to the client at React's flush points. */
  flush?(): void;
}

export interface StreamOptions {
  /** Crawlers get the complete document in one go (onAllReady) rather than the shell first. */
  waitForAll: boolean;
  timeoutMs: number;
  onError(error: unknown): void;
}

/**
 * Starts React's streaming render and resolves once the shell (or, for crawlers, everything) is
 * ready, so the caller can still choose the status code. Rejects when the shell fails: the
 * caller then sends the static fallback page. The render is aborted after timeoutMs.
 */
export function startReactStream(element: ReactNode, options: StreamOptions): Promise<ReadyStream> {
  return new Promise((resolve, reject) => {
    let settled = false;
    let failed = false;
    // React calls the callbacks below from a later microtask, never during
    // renderToPipeableStream() itself, so `stream` is always assigned when they run.
    const timer = setTimeout(() => {
      failed = true;
      stream.abort(new Error(`render exceeded ${options.timeoutMs} ms`));
    }, options.timeoutMs);
    timer.unref();

    const ready = () => {
      if (settled) return;
      settled = true;
      const started: PipeableStream = stream;
      resolve({
        pipe(sink, frame, end) {
          started.pipe(
            batchInto(sink, frame, (last) => {
              clearTimeout(timer);
              end(last);
            }),
          );
        },
        abort(reason) {
          failed = true;
          clearTimeout(timer);
          started.abort(reason);
        },
        get failed() {
          return failed;
        },
      });
    };

    const stream = renderToPipeableStream(element, {
      onShellReady() {
        if (!options.waitForAll) ready();
      },
      onAllReady() {
        if (options.waitForAll) ready();
      },
      onShellError(error) {
        clearTimeout(timer);
        if (settled) return;
        settled = true;
        reject(error instanceof Error ? error : new Error(String(error)));
      },
      onError(error) {
        failed = true;
        options.onError(error);
      },
    });
  });
}

/**
 * A Writable that gathers React's chunks and hands them to the sink at React's flush points
 * (after each completed batch), framed by the document head and tail, without ending the sink.
 */
function batchInto(
  sink: HtmlSink,
  frame: { head: string; tail: string },
  end: (last: Buffer) => void,
): Writable {
  let pending: Buffer[] = [Buffer.from(frame.head, 'utf8')];
  const take = (): Buffer => {
    const bytes = pending.length === 1 ? pending[0]! : Buffer.concat(pending);
    pending = [];
    return bytes;
  };
  const writable = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      pending.push(chunk);
      callback();
    },
    final(callback) {
      pending.push(Buffer.from(frame.tail, 'utf8'));
      end(take());
      callback();
    },
  });
  // React calls destination.flush() after each batch when it exists: the moment to send.
  return Object.assign(writable, {
    flush: () => {
      if (pending.length > 0) sink.write(take());
      sink.flush?.();
    },
  });
}
