import { startKafkaTestBroker, type KafkaTestBroker } from '../src';
import { describeWithTool, KCAT, run } from './support/external-clients';
import { unique } from './support/kafkajs';

// kcat is librdkafka: it negotiates every API from our ApiVersions answer (ApiVersions v3, flexible),
// then Metadata v4, Produce v7, ListOffsets v2, Fetch v11, FindCoordinator v2, JoinGroup v5,
// SyncGroup v3, Heartbeat v3, OffsetCommit v7, OffsetFetch v7 (flexible) and LeaveGroup v1.
describeWithTool(
  KCAT,
  'kcat is not installed (apt-get install kcat)',
  'kcat (librdkafka) against the test broker',
  () => {
    const kcat = KCAT!;
    let broker: KafkaTestBroker;
    let bootstrap: string;
    const FORMAT = '%o|%k|%s|%h\\n';

    beforeAll(async () => {
      broker = await startKafkaTestBroker();
      bootstrap = broker.brokers[0]!;
    });

    afterAll(async () => {
      await broker.stop();
    });

    const produce = async (topic: string, lines: string[], extra: string[] = []) => {
      const result = await run(kcat, ['-P', '-b', bootstrap, '-t', topic, '-K', ':', ...extra], {
        input: `${lines.join('\n')}\n`,
      });
      expect({ code: result.code, stderr: result.stderr }).toEqual({ code: 0, stderr: '' });
    };

    const consume = async (args: string[]) => {
      const result = await run(kcat, ['-b', bootstrap, '-e', '-q', '-f', FORMAT, ...args]);
      expect({ code: result.code, stderr: result.stderr }).toEqual({ code: 0, stderr: '' });
      return result.stdout.split('\n').filter(Boolean);
    };

    it('produces gzip batches with keys and headers, and reads them back from the beginning', async () => {
      const topic = unique('kcat-gzip');
      await produce(topic, ['k1:first', 'k2:second'], ['-z', 'gzip', '-H', 'trace=abc', '-H', 'source=kcat']);
      await produce(topic, ['k3:third'], ['-z', 'gzip']);
      expect(await consume(['-C', '-t', topic, '-o', 'beginning'])).toEqual([
        '0|k1|first|trace=abc,source=kcat',
        '1|k2|second|trace=abc,source=kcat',
        '2|k3|third|',
      ]);
    });

    it('commits the group offset on leaving and resumes from it', async () => {
      const topic = unique('kcat-group');
      const group = unique('kcat-group');
      const groupConsume = () => consume(['-G', group, topic, '-X', 'auto.offset.reset=earliest']);
      await produce(topic, ['a:1', 'b:2']);
      expect(await groupConsume()).toEqual(['0|a|1|', '1|b|2|']);
      expect(await groupConsume()).toEqual([]);
      await produce(topic, ['c:3']);
      expect(await groupConsume()).toEqual(['2|c|3|']);
    });

    it('lists the topics and their partitions (Metadata)', async () => {
      const topic = unique('kcat-meta');
      await produce(topic, ['k:v']);
      const result = await run(kcat, ['-L', '-J', '-b', bootstrap, '-t', topic]);
      expect(result.code).toBe(0);
      const metadata = JSON.parse(result.stdout) as {
        brokers: { id: number; name: string }[];
        topics: { topic: string; partitions: { partition: number; leader: number }[] }[];
      };
      expect(metadata.brokers).toEqual([{ id: 1, name: bootstrap }]);
      expect(
        metadata.topics.map((t) => ({
          topic: t.topic,
          partitions: t.partitions.map((p) => [p.partition, p.leader]),
        })),
      ).toEqual([{ topic, partitions: [[0, 1]] }]);
    });
  },
);
