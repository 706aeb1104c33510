export {
  ConsumerGroupActiveError,
  type PartitionRewind,
  rewindConsumerGroup,
  type RewindOptions,
} from './consumer-group-rewind';
export { startConsumerGroup } from './kafka-consumer-group';
export { createKafkaPublisher, ensureTopics } from './kafka-publisher';
export {
  type BatchHandler,
  type ConsumerGroup,
  type ConsumerGroupOptions,
  type IncomingMessage,
  type MessageBatch,
  type MessagingConnection,
  type MessagingLog,
  type OutgoingMessage,
  parseBrokers,
  type Publisher,
} from './messaging';
export {
  extractTraceContext,
  sendWithProducerSpans,
  TRACE_HEADERS,
  traceHeaders,
  withBatchSpan,
  withTraceHeaders,
} from './trace-context';
export {
  type ConsumerLagMetrics,
  type ConsumerLagMetricsOptions,
  type PartitionLag,
  readConsumerLag,
  registerConsumerLagMetrics,
} from './consumer-lag';
