import { KAFKA_API_VERSIONS, type ApiName } from './kafka-versions';
import { type Reader } from '../codec/reader';
import { type Writer } from '../codec/writer';
import { type Cluster } from '../broker/cluster';
import { type GroupCoordinator } from '../broker/group-coordinator';

/** Counters a test can wait on (never timed assertions): what the broker did, not how fast. */
export interface BrokerStats {
  /** Batches appended to a partition log. */
  appendedBatches: number;
  /** Idempotent-producer batches recognised as retries and not appended again. */
  duplicateBatches: number;
  /** Fetch requests parked now, waiting for data (max_wait_ms / min_bytes). */
  waitingFetches: number;
  /** Parked fetches answered because data arrived. */
  fetchesWokenByData: number;
  /** Parked fetches answered because max_wait_ms passed. */
  fetchesTimedOut: number;
}

export interface RequestContext {
  apiVersion: number;
  /** The request is in the API's flexible encoding (compact fields, tagged fields). */
  flexible: boolean;
  clientId: string;
  clientHost: string;
  cluster: Cluster;
  groups: GroupCoordinator;
  node: { nodeId: number; host: string; port: number };
  /** Aborted when the connection closes or the broker stops: waits end then. */
  signal: AbortSignal;
  stats: BrokerStats;
}

/**
 * One API: the range advertised (Kafka's, see kafka-versions.ts), the versions this broker can
 * actually parse and answer, and the handler (null = no response, e.g. acks=0).
 */
export interface ApiHandler {
  apiKey: number;
  name: string;
  minVersion: number;
  maxVersion: number;
  firstFlexible: number;
  /** The versions clients pick (kafkajs 2.2.4, librdkafka 2.0, kafka-python 2.0), each within min..max. */
  served: readonly number[];
  handle(body: Reader, context: RequestContext): Promise<Writer | null> | Writer | null;
}

/** The advertised range and flexible versions of `name`, with the versions served, for a handler. */
export function api(
  name: ApiName,
  served: readonly number[],
): Pick<ApiHandler, 'apiKey' | 'name' | 'minVersion' | 'maxVersion' | 'firstFlexible' | 'served'> {
  const { apiKey, min, max, firstFlexible } = KAFKA_API_VERSIONS[name];
  return { apiKey, name, minVersion: min, maxVersion: max, firstFlexible, served };
}
