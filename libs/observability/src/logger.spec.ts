import { trace } from '@opentelemetry/api';
import { createLogger, startTelemetry, type Telemetry } from './index';
import { captureLines } from '../test/support/helpers';

describe('createLogger', () => {
  let telemetry: Telemetry;
  beforeAll(() => {
    telemetry = startTelemetry({ serviceName: 'logger-test' });
  });
  afterAll(() => telemetry.shutdown());

  it('writes JSON lines with ISO time, textual level and the service name', () => {
    const { stream, lines } = captureLines();
    createLogger({ name: 'offers', destination: stream }).info({ offerId: 7 }, 'offer ranked');
    expect(lines).toHaveLength(1);
    const line = lines[0]!;
    expect(line).toMatchObject({ level: 'info', service: 'offers', offerId: 7, msg: 'offer ranked' });
    expect(new Date(line.time as string).toISOString()).toBe(line.time);
    expect(line).not.toHaveProperty('trace_id');
  });

  it('adds trace_id and span_id of the active span to every line', () => {
    const { stream, lines } = captureLines();
    const logger = createLogger({ name: 'offers', destination: stream });
    const tracer = trace.getTracer('test');
    let expected: { traceId: string; spanId: string } | undefined;
    tracer.startActiveSpan('handle request', (span) => {
      expected = span.spanContext();
      logger.info('inside');
      logger.child({ component: 'repo' }).warn('still inside');
      span.end();
    });
    logger.info('outside');
    expect(expected?.traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(expected?.traceId).not.toBe('0'.repeat(32));
    expect(lines[0]).toMatchObject({ trace_id: expected?.traceId, span_id: expected?.spanId });
    expect(lines[1]).toMatchObject({ trace_id: expected?.traceId, component: 'repo' });
    expect(lines[2]).not.toHaveProperty('trace_id');
  });

  it('redacts personal data and credentials', () => {
    const { stream, lines } = captureLines();
    const logger = createLogger({ name: 'leads', destination: stream });
    logger.info(
      {
        email: 'jan@example.pl',
        applicant: {
          email: 'anna@example.pl',
          phone: '+48 600 100 200',
          password: 'hunter2',
          city: 'Kraków',
        },
        req: {
          headers: { authorization: 'Bearer abc', cookie: 'sid=1', 'user-agent': 'curl' },
          body: { pesel: '44051401359' },
        },
      },
      'application stored',
    );
    const text = JSON.stringify(lines[0]);
    for (const secret of [
      'jan@example.pl',
      'anna@example.pl',
      '600 100 200',
      'hunter2',
      'Bearer abc',
      'sid=1',
      '44051401359',
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(lines[0]).toMatchObject({
      email: '[redacted]',
      applicant: { email: '[redacted]', phone: '[redacted]', password: '[redacted]', city: 'Kraków' },
      req: {
        headers: { authorization: '[redacted]', cookie: '[redacted]', 'user-agent': 'curl' },
        body: { pesel: '[redacted]' },
      },
    });
  });

  it('redacts the loan application fields (ID card, bank account, names)', () => {
    const { stream, lines } = captureLines();
    createLogger({ name: 'leads', destination: stream }).warn(
      {
        application: {
          idCard: 'ABA300000',
          bankAccount: '61109010140000071219812874',
          firstName: 'Jan',
          lastName: 'Kowalski',
          amountGrosze: 200000,
        },
      },
      'application refused',
    );
    expect(lines[0]).toMatchObject({
      application: {
        idCard: '[redacted]',
        bankAccount: '[redacted]',
        firstName: '[redacted]',
        lastName: '[redacted]',
        amountGrosze: 200000,
      },
    });
  });

  it('honours the level', () => {
    const { stream, lines } = captureLines();
    const logger = createLogger({ name: 'x', level: 'warn', destination: stream });
    logger.info('dropped');
    logger.warn('kept');
    expect(lines.map((l) => l.msg)).toEqual(['kept']);
  });
});
