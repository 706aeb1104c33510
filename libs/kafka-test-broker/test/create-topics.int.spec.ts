import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { startKafkaTestBroker, type KafkaTestBroker } from '../src';
import { describeWithTool, KCAT, run } from './support/external-clients';

const ROOT = resolve(__dirname, '../../..');
const SCRIPT = resolve(ROOT, 'deploy/kafka/create-topics.mjs');
const declared = (
  JSON.parse(readFileSync(resolve(ROOT, 'deploy/kafka/topics.json'), 'utf8')) as {
    topics: { name: string; partitions: number }[];
  }
).topics;

interface LogLine {
  level: string;
  msg: string;
}

// The deploy script (kafkajs admin: ApiVersions, Metadata, CreateTopics, DescribeConfigs,
// AlterConfigs, CreatePartitions) against the broker, checked from outside with kcat's metadata.
describeWithTool(
  KCAT,
  'kcat is not installed (apt-get install kcat)',
  'deploy/kafka/create-topics.mjs against the test broker',
  () => {
    let broker: KafkaTestBroker;

    beforeAll(async () => {
      broker = await startKafkaTestBroker();
    });

    afterAll(async () => {
      await broker.stop();
    });

    const apply = async () => {
      const result = await run(process.execPath, [SCRIPT], {
        cwd: ROOT,
        env: { ...process.env, KAFKA_BROKERS: broker.brokers[0]!, KAFKA_REPLICATION_FACTOR: '1' },
        timeoutMs: 60_000,
      });
      expect({ code: result.code, stderr: result.stderr }).toEqual({ code: 0, stderr: '' });
      return result.stdout
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as LogLine);
    };

    it('creates the declared topics with their partition counts, and a second run changes nothing', async () => {
      expect((await apply()).map((l) => [l.level, l.msg])).toEqual([
        ['info', 'created topics'],
        ['info', 'topics match deploy/kafka/topics.json'],
      ]);

      const listed = await run(KCAT!, ['-L', '-J', '-b', broker.brokers[0]!]);
      expect(listed.code).toBe(0);
      const metadata = JSON.parse(listed.stdout) as { topics: { topic: string; partitions: unknown[] }[] };
      const partitions = Object.fromEntries(metadata.topics.map((t) => [t.topic, t.partitions.length]));
      expect(partitions).toEqual(Object.fromEntries(declared.map((t) => [t.name, t.partitions])));

      // Existing topics are described (DescribeConfigs) and found to match: nothing created or altered.
      expect((await apply()).map((l) => [l.level, l.msg])).toEqual([
        ['info', 'topics match deploy/kafka/topics.json'],
      ]);
    }, 120_000);
  },
);
