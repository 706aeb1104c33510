import { open, mkdir, readFile, truncate, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { type LedgerEvent, ledgerEventSchema } from '../domain/ledger-events';

/** The state file as the use cases see it: an event is durable (on disk, synced) once append resolves. */
export interface DeliveryLog {
  append(event: LedgerEvent): Promise<void>;
}

/** A state file that cannot be read back: the message names the line. */
export class DeliveryLogError extends Error {
  override name = 'DeliveryLogError';
}

/**
 * The state file: one JSON event a line, appended and synced to disk before append() resolves,
 * one append at a time so lines never interleave and the order on disk is the order answered.
 */
export class FileDeliveryLog implements DeliveryLog {
  private tail: Promise<void> = Promise.resolve();

  private constructor(private readonly handle: FileHandle) {}

  /**
   * Opens (creating it and its folder) and reads back the file. A last line without its newline is
   * an append cut off by a kill before it was synced, so before its answer was written: it is cut
   * away, and the next append starts on a line of its own.
   */
  static async open(file: string): Promise<{ log: FileDeliveryLog; events: LedgerEvent[] }> {
    await mkdir(path.dirname(file), { recursive: true });
    let bytes: Buffer;
    try {
      bytes = await readFile(file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      bytes = Buffer.alloc(0);
    }
    const complete = bytes.lastIndexOf(0x0a) + 1;
    if (complete < bytes.length) await truncate(file, complete);
    const events: LedgerEvent[] = [];
    const lines = bytes.subarray(0, complete).toString('utf8').split('\n');
    for (const [index, line] of lines.entries()) {
      if (line.trim() === '') continue;
      let json: unknown;
      try {
        json = JSON.parse(line);
      } catch {
        throw new DeliveryLogError(`${file}:${index + 1}: not JSON`);
      }
      const parsed = ledgerEventSchema.safeParse(json);
      if (!parsed.success)
        throw new DeliveryLogError(
          `${file}:${index + 1}: not a sandbox event (${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')})`,
        );
      events.push(parsed.data);
    }
    const handle = await open(file, 'a');
    // The file's entry in its folder must survive too, not only its contents.
    const folder = await open(path.dirname(file), 'r');
    try {
      await folder.sync();
    } finally {
      await folder.close();
    }
    return { log: new FileDeliveryLog(handle), events };
  }

  append(event: LedgerEvent): Promise<void> {
    const line = `${JSON.stringify(event)}\n`;
    const written = this.tail.then(async () => {
      await this.handle.write(line);
      await this.handle.sync();
    });
    this.tail = written.catch(() => undefined);
    return written;
  }

  async close(): Promise<void> {
    await this.tail;
    await this.handle.close();
  }
}
