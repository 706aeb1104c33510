import { Suspense, use } from 'react';
import { type HtmlSink, startReactStream } from './react-stream';

const forever = new Promise<string>(() => undefined);

function Never() {
  return <p>{use(forever)}</p>;
}

function collect(): { sink: HtmlSink; text: () => string } {
  const chunks: Buffer[] = [];
  return {
    sink: { write: (chunk) => chunks.push(chunk) },
    text: () => Buffer.concat(chunks).toString('utf8'),
  };
}

describe('React stream', () => {
  it('resolves at the shell and streams the markup', async () => {
    const errors: unknown[] = [];
    const ready = await startReactStream(<h1>Cześć</h1>, { waitForAll: false, timeoutMs: 1_000, onError: (e) => errors.push(e) });
    const { sink, text } = collect();
    const last = await new Promise<Buffer>((resolve) => ready.pipe(sink, { head: '<body>', tail: '</body>' }, resolve));
    expect(text() + last.toString()).toBe('<body><h1>Cześć</h1></body>');
    expect(errors).toEqual([]);
  });

  it('rejects when the shell throws, so the caller can send the fallback page', async () => {
    function Broken(): never {
      throw new Error('broken shell');
    }
    const errors: unknown[] = [];
    await expect(startReactStream(<Broken />, { waitForAll: false, timeoutMs: 1_000, onError: (e) => errors.push(e) })).rejects.toThrow(
      'broken shell',
    );
    expect(errors).toHaveLength(1);
  });

  it('aborts a render that never finishes after the timeout', async () => {
    const started = Date.now();
    await expect(startReactStream(<Never />, { waitForAll: false, timeoutMs: 100, onError: () => undefined })).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('makes crawlers wait for everything, and still ends at the timeout', async () => {
    const started = Date.now();
    const ready = await startReactStream(
      <main>
        <Suspense fallback={<span>ładowanie</span>}>
          <Never />
        </Suspense>
      </main>,
      { waitForAll: true, timeoutMs: 100, onError: () => undefined },
    );
    const { sink, text } = collect();
    const last = await new Promise<Buffer>((resolve) => ready.pipe(sink, { head: '', tail: '' }, resolve));
    expect(Date.now() - started).toBeGreaterThanOrEqual(90);
    expect(text() + last.toString()).toContain('ładowanie');
  });
});
