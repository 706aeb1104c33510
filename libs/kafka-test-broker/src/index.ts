export { startKafkaTestBroker, type KafkaTestBroker, type KafkaTestBrokerOptions } from './broker/server';
export { provideTestKafka, type TestKafka } from './provide';
export { type BrokerStats } from './apis';
