#!/usr/bin/env node
// Makes the Kafka cluster match deploy/kafka/topics.json: creates missing topics, grows partition
// counts, sets their config. Safe to run on every deploy (docker-compose init container, k8s Job).
// Env: KAFKA_BROKERS (host:port[,host:port]), KAFKA_REPLICATION_FACTOR (default 1).
import kafkajs from 'kafkajs';
import topics from './topics.cjs';

const { Kafka, ConfigResourceTypes, logLevel } = kafkajs;

/** @param {'info' | 'warn' | 'fatal'} level @param {string} msg @param {Record<string, unknown>} [fields] */
const log = (level, msg, fields = {}) =>
  process.stdout.write(
    `${JSON.stringify({ time: new Date().toISOString(), level, service: 'kafka-topics', msg, ...fields })}\n`,
  );

const brokers = (process.env.KAFKA_BROKERS ?? '')
  .split(',')
  .map((b) => b.trim())
  .filter(Boolean);
if (brokers.length === 0 || brokers.some((b) => !/^[A-Za-z0-9.-]+:\d{1,5}$/.test(b))) {
  log('fatal', 'KAFKA_BROKERS must be a comma-separated list of host:port', {
    KAFKA_BROKERS: process.env.KAFKA_BROKERS ?? null,
  });
  process.exit(78);
}
const replicationFactor = Number(process.env.KAFKA_REPLICATION_FACTOR ?? '1');

const desired = topics.loadTopics();
const kafka = new Kafka({
  clientId: 'kafka-topics',
  brokers,
  logLevel: logLevel.WARN,
  // The broker may still be starting when this runs; keep trying for about a minute.
  retry: { retries: 10, initialRetryTime: 500, maxRetryTime: 10_000 },
});
const admin = kafka.admin();

try {
  await admin.connect();
  const names = new Set(await admin.listTopics());
  const present = desired.filter((t) => names.has(t.name)).map((t) => t.name);

  /** @type {Map<string, { partitions: number, config: Record<string, string> }>} */
  const existing = new Map();
  if (present.length > 0) {
    const metadata = await admin.fetchTopicMetadata({ topics: present });
    const described = await admin.describeConfigs({
      includeSynonyms: false,
      resources: present.map((name) => ({ type: ConfigResourceTypes.TOPIC, name })),
    });
    for (const topic of metadata.topics) {
      const resource = described.resources.find((r) => r.resourceName === topic.name);
      const config = Object.fromEntries(
        (resource?.configEntries ?? []).map((e) => [e.configName, e.configValue]),
      );
      existing.set(topic.name, { partitions: topic.partitions.length, config });
    }
  }

  const plan = topics.planTopics(desired, existing, replicationFactor);
  for (const warning of plan.warnings) log('warn', warning);
  if (plan.create.length > 0) {
    await admin.createTopics({ topics: plan.create, waitForLeaders: true });
    log('info', 'created topics', { topics: plan.create.map((t) => t.topic), replicationFactor });
  }
  if (plan.grow.length > 0) {
    await admin.createPartitions({ topicPartitions: plan.grow });
    log('info', 'added partitions', { topics: plan.grow });
  }
  if (plan.reconfigure.length > 0) {
    // alterConfigs replaces a topic's dynamic config as a whole, and the plan always carries the
    // full wanted set, so nothing set here by hand survives silently.
    await admin.alterConfigs({
      validateOnly: false,
      resources: plan.reconfigure.map((r) => ({
        type: ConfigResourceTypes.TOPIC,
        name: r.topic,
        configEntries: r.configEntries,
      })),
    });
    log('info', 'updated topic config', { topics: plan.reconfigure.map((r) => r.topic) });
  }
  log('info', 'topics match deploy/kafka/topics.json', { topics: desired.map((t) => t.name) });
  await admin.disconnect();
} catch (error) {
  const err =
    error instanceof Error
      ? { type: error.name, message: error.message, stack: error.stack }
      : { message: String(error) };
  log('fatal', 'could not apply the Kafka topics', { err });
  await admin.disconnect().catch(() => undefined);
  process.exit(1);
}
