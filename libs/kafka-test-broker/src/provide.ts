import { freePort, hasDocker } from '@lib/test-support';
import { startKafkaTestBroker } from './broker/server';

export interface TestKafka {
  /** host:port list for kafkajs' `brokers`. */
  brokers: string[];
  /** Where it comes from: KAFKA_BROKERS, a container, or the in-memory broker of this lib. */
  mode: 'url' | 'docker' | 'memory';
  /** Stops what was started for this suite (nothing for KAFKA_BROKERS). */
  close(): Promise<void>;
}

/** The Apache Kafka image started where a Docker engine answers (KRaft, one node). */
const KAFKA_IMAGE = 'apache/kafka:3.9.1';
const KAFKA_PORT = 9092;

async function startKafkaContainer(): Promise<TestKafka> {
  const { GenericContainer, Wait, getContainerRuntimeClient } = await import('testcontainers');
  // The broker must advertise the address the tests reach it by, known before it starts: a fixed
  // host port on the runtime's host.
  const host = (await getContainerRuntimeClient()).info.containerRuntime.host;
  const hostPort = await freePort();
  const container = await new GenericContainer(KAFKA_IMAGE)
    .withExposedPorts({ container: KAFKA_PORT, host: hostPort })
    .withEnvironment({
      KAFKA_NODE_ID: '1',
      KAFKA_PROCESS_ROLES: 'broker,controller',
      KAFKA_LISTENERS: `PLAINTEXT://:${KAFKA_PORT},CONTROLLER://:9093`,
      KAFKA_ADVERTISED_LISTENERS: `PLAINTEXT://${host}:${hostPort}`,
      KAFKA_CONTROLLER_LISTENER_NAMES: 'CONTROLLER',
      KAFKA_LISTENER_SECURITY_PROTOCOL_MAP: 'CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT',
      KAFKA_CONTROLLER_QUORUM_VOTERS: '1@localhost:9093',
      KAFKA_OFFSETS_TOPIC_REPLICATION_FACTOR: '1',
      KAFKA_TRANSACTION_STATE_LOG_REPLICATION_FACTOR: '1',
      KAFKA_TRANSACTION_STATE_LOG_MIN_ISR: '1',
      KAFKA_GROUP_INITIAL_REBALANCE_DELAY_MS: '0',
      KAFKA_AUTO_CREATE_TOPICS_ENABLE: 'true',
    })
    .withWaitStrategy(Wait.forLogMessage(/Kafka Server started/))
    .start();
  return {
    brokers: [`${host}:${hostPort}`],
    mode: 'docker',
    close: async () => {
      await container.stop();
    },
  };
}

/**
 * A Kafka for one test suite, in order: `KAFKA_BROKERS` (a real cluster, comma separated; shared, so
 * use topic and group names of the suite's own); an apache/kafka container when a Docker engine
 * answers (TEST_DOCKER from tools/jest/global-setup.cjs); otherwise the in-memory broker of this lib
 * on a free port of 127.0.0.1.
 */
export async function provideTestKafka(): Promise<TestKafka> {
  const configured = (process.env['KAFKA_BROKERS'] ?? '')
    .split(',')
    .map((b) => b.trim())
    .filter(Boolean);
  if (configured.length > 0) return { brokers: configured, mode: 'url', close: () => Promise.resolve() };
  if (await hasDocker()) return startKafkaContainer();
  const broker = await startKafkaTestBroker();
  return { brokers: broker.brokers, mode: 'memory', close: () => broker.stop() };
}
