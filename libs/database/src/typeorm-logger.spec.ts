import { Writable } from 'node:stream';
import pino from 'pino';
import { PinoTypeOrmLogger } from './typeorm-logger';

function setup(level = 'info') {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n'))
        if (line) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { logger: new PinoTypeOrmLogger(pino({ level }, stream)), lines };
}

describe('PinoTypeOrmLogger', () => {
  it('logs failed queries as errors with the SQL on one line but never the parameters', () => {
    const { logger, lines } = setup();
    logger.logQueryError(new Error('duplicate key'), 'INSERT INTO lead (email, phone)\n   VALUES ($1, $2)', [
      'jan@example.pl',
      '600100200',
    ]);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 50,
      msg: 'query failed',
      sql: 'INSERT INTO lead (email, phone) VALUES ($1, $2)',
      params: 2,
    });
    expect(JSON.stringify(lines[0])).not.toContain('jan@example.pl');
  });

  it('logs slow queries as warnings with their duration', () => {
    const { logger, lines } = setup();
    logger.logQuerySlow(812, 'SELECT * FROM offer', []);
    expect(lines[0]).toMatchObject({
      level: 40,
      msg: 'slow query',
      durationMs: 812,
      sql: 'SELECT * FROM offer',
    });
  });

  it('keeps ordinary queries out of the logs unless tracing', () => {
    const quiet = setup('info');
    quiet.logger.logQuery('SELECT 1', []);
    expect(quiet.lines).toHaveLength(0);
    const tracing = setup('trace');
    tracing.logger.logQuery('SELECT $1', ['secret']);
    expect(tracing.lines[0]).toMatchObject({ level: 10, sql: 'SELECT $1', params: 1 });
    expect(JSON.stringify(tracing.lines[0])).not.toContain('secret');
  });

  it('maps migration and general messages to levels', () => {
    const { logger, lines } = setup('debug');
    logger.logMigration('Migration CreateOffer1700000000000 has been executed successfully.');
    logger.log('warn', 'uuid extension missing');
    logger.log('info', { note: 'x' });
    logger.log('log', 'chatter');
    expect(lines.map((l) => [l.level, l.msg])).toEqual([
      [30, 'Migration CreateOffer1700000000000 has been executed successfully.'],
      [40, 'uuid extension missing'],
      [30, '{"note":"x"}'],
      [20, 'chatter'],
    ]);
  });
});
