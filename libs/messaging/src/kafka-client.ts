import { Kafka, logLevel, type LogEntry } from 'kafkajs';
import { type MessagingConnection } from './messaging';

/** The kafkajs client of a connection; its log lines go to the connection's log (warnings and errors only). */
export function kafkaClient(connection: MessagingConnection): Kafka {
  const log = connection.log;
  return new Kafka({
    clientId: connection.clientId,
    brokers: [...connection.brokers],
    connectionTimeout: connection.connectionTimeoutMs ?? 3_000,
    logLevel: log ? logLevel.WARN : logLevel.NOTHING,
    logCreator:
      () =>
      ({ namespace, level, log: entry }: LogEntry) => {
        if (!log) return;
        const { message, ...fields } = entry;
        const line = { ...fields, namespace, component: 'kafkajs' };
        if (level === logLevel.ERROR) log.error(line, message);
        else log.warn(line, message);
      },
  });
}
