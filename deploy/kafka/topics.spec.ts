import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { effectiveConfig, loadTopics, planTopics } from './topics.cjs';

const topics = loadTopics();
const existingAsWanted = (replicationFactor: number) =>
  new Map<string, { partitions: number; config: Record<string, string> }>(
    topics.map((t) => [
      t.name,
      {
        partitions: t.partitions,
        config: { ...effectiveConfig(t, replicationFactor), 'segment.ms': '604800000' },
      },
    ]),
  );

describe('deploy/kafka/topics.json', () => {
  it('defines the three tracking topics of the architecture', () => {
    expect(topics.map((t) => t.name)).toEqual(['tracking.raw.v1', 'tracking.events.v1', 'tracking.dlq.v1']);
    for (const topic of topics) {
      expect(Number(topic.config['retention.ms'])).toBeGreaterThanOrEqual(24 * 3600 * 1000);
      expect(topic.config['cleanup.policy']).toBe('delete');
    }
  });

  it('keeps the analysts stream longer than the raw one', () => {
    const retention = (name: string) => Number(topics.find((t) => t.name === name)!.config['retention.ms']);
    expect(retention('tracking.events.v1')).toBeGreaterThan(retention('tracking.raw.v1'));
  });
});

describe('loadTopics', () => {
  const write = (content: unknown) => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'topics-')), 'topics.json');
    writeFileSync(file, JSON.stringify(content));
    return file;
  };
  const valid = { name: 'a.b.v1', description: 'x', partitions: 1, config: {} };

  it('rejects malformed definitions with the offending entry', () => {
    expect(() => loadTopics(write({ topics: [] }))).toThrow('"topics" must be a non-empty array');
    expect(() => loadTopics(write({ topics: [{ ...valid, name: 'Tracking' }] }))).toThrow(
      'topics[0].name must look like',
    );
    expect(() => loadTopics(write({ topics: [valid, valid] }))).toThrow(
      'topics[1].name "a.b.v1" is listed twice',
    );
    expect(() => loadTopics(write({ topics: [{ ...valid, partitions: 0 }] }))).toThrow(
      'topics[0].partitions must be a positive integer',
    );
    expect(() => loadTopics(write({ topics: [{ ...valid, config: { 'retention.ms': 5 } }] }))).toThrow(
      'topics[0].config["retention.ms"] must be a string',
    );
    expect(() => loadTopics(write({ topics: [{ ...valid, description: '' }] }))).toThrow(
      'topics[0].description is required',
    );
  });
});

describe('planTopics', () => {
  it('creates every topic on an empty cluster with the replication factor and a matching min.insync.replicas', () => {
    const plan = planTopics(topics, new Map(), 3);
    expect(plan.create.map((c) => [c.topic, c.numPartitions, c.replicationFactor])).toEqual([
      ['tracking.raw.v1', 6, 3],
      ['tracking.events.v1', 6, 3],
      ['tracking.dlq.v1', 1, 3],
    ]);
    expect(plan.create[0]!.configEntries).toContainEqual({ name: 'min.insync.replicas', value: '2' });
    expect(planTopics(topics, new Map(), 1).create[0]!.configEntries).toContainEqual({
      name: 'min.insync.replicas',
      value: '1',
    });
  });

  it('does nothing when the cluster already matches (other broker defaults are left alone)', () => {
    expect(planTopics(topics, existingAsWanted(1), 1)).toEqual({
      create: [],
      grow: [],
      reconfigure: [],
      warnings: [],
    });
  });

  it('grows partitions but never shrinks, saying so', () => {
    const existing = existingAsWanted(1);
    existing.set('tracking.raw.v1', { ...existing.get('tracking.raw.v1')!, partitions: 3 });
    existing.set('tracking.dlq.v1', { ...existing.get('tracking.dlq.v1')!, partitions: 4 });
    const plan = planTopics(topics, existing, 1);
    expect(plan.grow).toEqual([{ topic: 'tracking.raw.v1', count: 6 }]);
    expect(plan.warnings).toEqual([
      'tracking.dlq.v1 has 4 partitions, more than the 1 wanted; Kafka cannot shrink a topic, left as is',
    ]);
  });

  it('resets a topic whose config drifted, sending the full wanted set', () => {
    const existing = existingAsWanted(1);
    const events = existing.get('tracking.events.v1')!;
    const drifted: Record<string, string> = { ...events.config, 'retention.ms': '1000' };
    existing.set('tracking.events.v1', { ...events, config: drifted });
    const plan = planTopics(topics, existing, 1);
    expect(plan.reconfigure).toHaveLength(1);
    expect(plan.reconfigure[0]!.topic).toBe('tracking.events.v1');
    expect(plan.reconfigure[0]!.configEntries).toContainEqual({ name: 'retention.ms', value: '2592000000' });
    expect(plan.reconfigure[0]!.configEntries.map((e) => e.name)).toEqual(
      Object.keys(
        effectiveConfig(
          topics.find((t) => t.name === 'tracking.events.v1')!,
          1,
        ),
      ),
    );
  });

  it('rejects an impossible replication factor', () => {
    expect(() => planTopics(topics, new Map(), 0)).toThrow(
      'replication factor must be a positive integer, got 0',
    );
    expect(() => planTopics(topics, new Map(), Number.NaN)).toThrow('got NaN');
  });
});
