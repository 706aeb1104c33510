import { formatLine, ownRecord, parseJsonObject, RecentLines } from './log-format.cjs';

const pinoLine = JSON.stringify({
  level: 'info',
  time: '2025-11-20T10:15:30.250Z',
  service: 'content',
  pid: 42,
  hostname: 'h',
  trace_id: 'abc',
  msg: 'content service listening',
  grpcPort: 50051,
  note: 'two words',
});

describe('formatLine, readable mode', () => {
  const plain = { json: false, color: false };

  it('prefixes the process name and shows level, message and extra fields', () => {
    const text = formatLine('content', pinoLine, 'stdout', plain);
    expect(text).toMatch(
      /^content {2}│ \d\d:\d\d:\d\d\.\d{3} INFO {2}content service listening grpcPort=50051 note="two words"$/,
    );
    expect(text).not.toContain('hostname');
    expect(text).not.toContain('trace_id');
  });

  it('understands numeric pino levels', () => {
    expect(formatLine('x', JSON.stringify({ level: 50, msg: 'bad' }), 'stdout', plain)).toContain(
      'ERROR bad',
    );
  });

  it('prints an error stack on the following lines, each prefixed', () => {
    const line = JSON.stringify({
      level: 'error',
      msg: 'failed',
      err: { message: 'boom', stack: 'Error: boom\n    at f (a.ts:1:1)' },
    });
    const lines = formatLine('offers', line, 'stdout', plain).split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toBe('offers   │     Error: boom');
    expect(lines[2]).toBe('offers   │         at f (a.ts:1:1)');
  });

  it('passes plain text through with the prefix', () => {
    expect(formatLine('gateway', 'Listening somewhere', 'stderr', plain)).toBe(
      'gateway  │ Listening somewhere',
    );
  });

  it('colours only when asked', () => {
    expect(formatLine('gateway', pinoLine, 'stdout', { json: false, color: true })).toContain('\u001b[');
    expect(formatLine('gateway', pinoLine, 'stdout', plain)).not.toContain('\u001b[');
  });
});

describe('formatLine, --json mode', () => {
  const json = { json: true, color: false };

  it('keeps JSON log lines byte for byte', () => {
    expect(formatLine('content', pinoLine, 'stdout', json)).toBe(pinoLine);
  });

  it('wraps other output into a JSON record named after the process', () => {
    const record = JSON.parse(
      formatLine('rates', 'TypeError: x is not a function', 'stderr', json),
    ) as Record<string, unknown>;
    expect(record).toMatchObject({ level: 'error', service: 'rates', msg: 'TypeError: x is not a function' });
    expect(typeof record.time).toBe('string');
    const out = JSON.parse(formatLine('rates', '[1,2]', 'stdout', json)) as Record<string, unknown>;
    expect(out).toMatchObject({ level: 'info', msg: '[1,2]' });
  });
});

describe('ownRecord and parseJsonObject', () => {
  it('writes the start script lines in the children’s shape', () => {
    const record = parseJsonObject(ownRecord('warn', 'slow', { name: 'offers' }));
    expect(record).toMatchObject({ level: 'warn', service: 'start', msg: 'slow', name: 'offers' });
  });

  it('accepts only JSON objects', () => {
    expect(parseJsonObject('{"a":1}')).toEqual({ a: 1 });
    expect(parseJsonObject('{broken')).toBeUndefined();
    expect(parseJsonObject('null')).toBeUndefined();
  });
});

describe('RecentLines', () => {
  it('keeps only the newest lines', () => {
    const recent = new RecentLines(3);
    for (const n of [1, 2, 3, 4, 5]) recent.push(String(n));
    expect(recent.snapshot()).toEqual(['3', '4', '5']);
  });
});
