import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type LedgerEvent } from '../domain/ledger-events';
import { DeliveryLogError, FileDeliveryLog } from './delivery-log';

const repeated = (deliveryId: string): LedgerEvent => ({
  type: 'repeated',
  at: '2025-01-01T10:00:00.000Z',
  deliveryId,
});

describe('FileDeliveryLog', () => {
  let folder: string;
  beforeEach(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'delivery-log-'));
  });
  afterEach(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it('creates the file and its folder, appends one JSON line per event and reads them back in order', async () => {
    const file = path.join(folder, 'nested', 'deliveries.jsonl');
    const first = await FileDeliveryLog.open(file);
    expect(first.events).toEqual([]);
    await Promise.all([first.log.append(repeated('a')), first.log.append(repeated('b'))]);
    await first.log.append(repeated('c'));
    await first.log.close();
    expect((await readFile(file, 'utf8')).split('\n')).toEqual([
      JSON.stringify(repeated('a')),
      JSON.stringify(repeated('b')),
      JSON.stringify(repeated('c')),
      '',
    ]);
    const again = await FileDeliveryLog.open(file);
    expect(again.events.map((e) => e.deliveryId)).toEqual(['a', 'b', 'c']);
    await again.log.close();
  });

  it('cuts away a last line that a kill left without its newline, and appends on a fresh line', async () => {
    const file = path.join(folder, 'deliveries.jsonl');
    await writeFile(file, `${JSON.stringify(repeated('a'))}\n{"type":"repea`);
    const opened = await FileDeliveryLog.open(file);
    expect(opened.events.map((e) => e.deliveryId)).toEqual(['a']);
    await opened.log.append(repeated('b'));
    await opened.log.close();
    expect(await readFile(file, 'utf8')).toBe(
      `${JSON.stringify(repeated('a'))}\n${JSON.stringify(repeated('b'))}\n`,
    );
  });

  it('refuses a complete line that is not a sandbox event, naming the line', async () => {
    const file = path.join(folder, 'deliveries.jsonl');
    await writeFile(file, `${JSON.stringify(repeated('a'))}\n{"type":"lost"}\n`);
    await expect(FileDeliveryLog.open(file)).rejects.toThrow(DeliveryLogError);
    await expect(FileDeliveryLog.open(file)).rejects.toThrow(`${file}:2: not a sandbox event`);
    await writeFile(file, 'nonsense\n');
    await expect(FileDeliveryLog.open(file)).rejects.toThrow(`${file}:1: not JSON`);
  });
});
