import { startKafkaTestBroker, type KafkaTestBroker } from '../src';
import { describeWithTool, PYTHON_WITH_KAFKA, run } from './support/external-clients';
import { unique } from './support/kafkajs';

// kafka-python 2.0 (Debian's python3-kafka) infers the broker's release from ApiVersions v0 and then
// uses fixed, older versions: Metadata v1, Produce v7, Fetch v4, ListOffsets v1, FindCoordinator v0,
// JoinGroup v2, SyncGroup v1, Heartbeat v1, OffsetCommit v2, OffsetFetch v1, LeaveGroup v1.
const SCRIPT = `
import json, sys
from kafka import KafkaConsumer, KafkaProducer, TopicPartition
bootstrap, topic, group = sys.argv[1:4]
producer = KafkaProducer(bootstrap_servers=bootstrap, compression_type='gzip')
for i in range(3):
    producer.send(topic, key=('k%d' % i).encode(), value=('v%d' % i).encode(), headers=[('n', ('h%d' % i).encode())])
producer.flush()
producer.close()
def session(limit):
    consumer = KafkaConsumer(topic, bootstrap_servers=bootstrap, group_id=group, auto_offset_reset='earliest',
                             enable_auto_commit=False, consumer_timeout_ms=3000)
    seen = []
    for m in consumer:
        seen.append([m.offset, m.key.decode(), m.value.decode(), [[k, v.decode()] for k, v in m.headers]])
        if len(seen) == limit:
            break
    consumer.commit()
    committed = consumer.committed(TopicPartition(topic, 0))
    consumer.close()
    return {'messages': seen, 'committed': committed}
print(json.dumps({'first': session(2), 'resumed': session(10)}))
`;

describeWithTool(
  PYTHON_WITH_KAFKA,
  'no python3 can import kafka (apt-get install python3-kafka)',
  'kafka-python against the test broker',
  () => {
    let broker: KafkaTestBroker;

    beforeAll(async () => {
      broker = await startKafkaTestBroker();
    });

    afterAll(async () => {
      await broker.stop();
    });

    it('produces gzip with keys and headers, consumes in a group, commits, and a new consumer resumes there', async () => {
      const topic = unique('py-topic');
      const group = unique('py-group');
      const result = await run(PYTHON_WITH_KAFKA!, ['-c', SCRIPT, broker.brokers[0]!, topic, group], {
        timeoutMs: 60_000,
      });
      expect({ code: result.code, stderr: result.stderr }).toEqual({ code: 0, stderr: '' });
      expect(JSON.parse(result.stdout)).toEqual({
        first: {
          messages: [
            [0, 'k0', 'v0', [['n', 'h0']]],
            [1, 'k1', 'v1', [['n', 'h1']]],
          ],
          committed: 2,
        },
        resumed: { messages: [[2, 'k2', 'v2', [['n', 'h2']]]], committed: 3 },
      });
    }, 90_000);
  },
);
