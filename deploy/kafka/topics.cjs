'use strict';
// Reads deploy/kafka/topics.json and works out what has to change on a cluster to match it.
// Pure functions: create-topics.mjs does the talking to Kafka, tests check the decisions.
const fs = require('node:fs');
const path = require('node:path');

/**
 * @typedef {{ name: string, description: string, partitions: number, config: Record<string, string> }} TopicSpec
 * @typedef {{ partitions: number, config: Record<string, string> }} ExistingTopic
 * @typedef {{
 *   create: Array<{ topic: string, numPartitions: number, replicationFactor: number, configEntries: Array<{ name: string, value: string }> }>,
 *   grow: Array<{ topic: string, count: number }>,
 *   reconfigure: Array<{ topic: string, configEntries: Array<{ name: string, value: string }> }>,
 *   warnings: string[],
 * }} TopicPlan
 */

const TOPICS_FILE = path.join(__dirname, 'topics.json');
const TOPIC_NAME = /^[a-z0-9]+(\.[a-z0-9-]+)*\.v\d+$/;

/**
 * @param {string} [file]
 * @returns {TopicSpec[]}
 */
function loadTopics(file = TOPICS_FILE) {
  const parsed = /** @type {{ topics?: unknown }} */ (JSON.parse(fs.readFileSync(file, 'utf8')));
  if (!Array.isArray(parsed.topics) || parsed.topics.length === 0)
    throw new Error(`${file}: "topics" must be a non-empty array`);
  const seen = new Set();
  return parsed.topics.map((raw, i) => {
    const topic = /** @type {Partial<TopicSpec>} */ (raw);
    const where = `${file}: topics[${i}]`;
    if (typeof topic.name !== 'string' || !TOPIC_NAME.test(topic.name)) {
      throw new Error(`${where}.name must look like "domain.name.v1"`);
    }
    if (seen.has(topic.name)) throw new Error(`${where}.name "${topic.name}" is listed twice`);
    seen.add(topic.name);
    if (!Number.isInteger(topic.partitions) || /** @type {number} */ (topic.partitions) < 1) {
      throw new Error(`${where}.partitions must be a positive integer`);
    }
    const config = topic.config ?? {};
    for (const [key, value] of Object.entries(config)) {
      if (typeof value !== 'string')
        throw new Error(`${where}.config["${key}"] must be a string (Kafka configs are strings)`);
    }
    if (typeof topic.description !== 'string' || topic.description.length === 0) {
      throw new Error(`${where}.description is required`);
    }
    return {
      name: topic.name,
      description: topic.description,
      partitions: /** @type {number} */ (topic.partitions),
      config,
    };
  });
}

/**
 * The config every topic gets: its own list plus min.insync.replicas that fits the replication
 * factor (2 of 3 in production, so one broker can be down without losing acknowledged writes).
 * @param {TopicSpec} topic
 * @param {number} replicationFactor
 * @returns {Record<string, string>}
 */
function effectiveConfig(topic, replicationFactor) {
  return { ...topic.config, 'min.insync.replicas': String(replicationFactor >= 3 ? 2 : 1) };
}

/** @param {Record<string, string>} config */
const entries = (config) => Object.entries(config).map(([name, value]) => ({ name, value }));

/**
 * @param {readonly TopicSpec[]} desired
 * @param {ReadonlyMap<string, ExistingTopic>} existing topics already on the cluster
 * @param {number} replicationFactor
 * @returns {TopicPlan}
 */
function planTopics(desired, existing, replicationFactor) {
  if (!Number.isInteger(replicationFactor) || replicationFactor < 1) {
    throw new Error(`replication factor must be a positive integer, got ${String(replicationFactor)}`);
  }
  /** @type {TopicPlan} */
  const plan = { create: [], grow: [], reconfigure: [], warnings: [] };
  for (const topic of desired) {
    const config = effectiveConfig(topic, replicationFactor);
    const current = existing.get(topic.name);
    if (!current) {
      plan.create.push({
        topic: topic.name,
        numPartitions: topic.partitions,
        replicationFactor,
        configEntries: entries(config),
      });
      continue;
    }
    if (current.partitions < topic.partitions) plan.grow.push({ topic: topic.name, count: topic.partitions });
    if (current.partitions > topic.partitions) {
      plan.warnings.push(
        `${topic.name} has ${current.partitions} partitions, more than the ${topic.partitions} wanted; Kafka cannot shrink a topic, left as is`,
      );
    }
    const differs = Object.entries(config).some(([key, value]) => current.config[key] !== value);
    if (differs) plan.reconfigure.push({ topic: topic.name, configEntries: entries(config) });
  }
  return plan;
}

module.exports = { loadTopics, planTopics, effectiveConfig, TOPICS_FILE };
