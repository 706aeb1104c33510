import { Writer } from '../codec/writer';
import { ErrorCode } from '../broker/errors';
import { type ApiHandler } from './context';
import { fetch, listOffsets } from './fetch';
import {
  alterConfigs,
  createPartitions,
  createTopics,
  deleteTopics,
  describeConfigs,
  metadata,
} from './topics';
import { api } from './context';
import { versions } from './kafka-versions';
import { initProducerId, produce } from './produce';
import {
  describeGroups,
  findCoordinator,
  heartbeat,
  joinGroup,
  leaveGroup,
  listGroups,
  offsetCommit,
  offsetFetch,
  syncGroup,
} from './groups';

/**
 * ApiVersions v0–4 => (v3+: client_software_name client_software_version).
 * Answer: error_code [api_keys(api_key min_version max_version)] throttle_time_ms (v1+), flexible from
 * v3 (a response that still uses response header v0). A version above 4 is answered in the v0 form
 * with UNSUPPORTED_VERSION and the ranges, so the client retries at one we take (KIP-511).
 */
function apiVersions(all: () => ApiHandler[]): ApiHandler {
  const meta = api('ApiVersions', versions(0, 4));
  return {
    ...meta,
    handle(body, { apiVersion, flexible }) {
      const known = apiVersion <= meta.maxVersion;
      if (known && flexible) {
        body.compactString(); // client_software_name
        body.compactString(); // client_software_version
      }
      const flex = known && flexible;
      const writer = new Writer()
        .int16(known ? ErrorCode.NONE : ErrorCode.UNSUPPORTED_VERSION)
        .arr(flex, all(), (w, handler) =>
          w.int16(handler.apiKey).int16(handler.minVersion).int16(handler.maxVersion),
        );
      if (!known || apiVersion === 0) return writer;
      writer.int32(0);
      return flex ? writer.tags() : writer;
    },
  };
}

/**
 * The APIs this broker answers, advertised with Kafka 3.9.1's ranges (kafka-versions.ts). A request
 * at a version outside `served`, or of an API not listed, closes the connection, as a Kafka broker
 * does with a request it cannot parse.
 */
export const API_HANDLERS: readonly ApiHandler[] = (() => {
  const list: ApiHandler[] = [];
  list.push(
    produce,
    fetch,
    listOffsets,
    metadata,
    offsetCommit,
    offsetFetch,
    findCoordinator,
    joinGroup,
    heartbeat,
    leaveGroup,
    syncGroup,
    describeGroups,
    listGroups,
    apiVersions(() => list),
    createTopics,
    deleteTopics,
    initProducerId,
    describeConfigs,
    alterConfigs,
    createPartitions,
  );
  return list.sort((a, b) => a.apiKey - b.apiKey);
})();

export { KAFKA_API_VERSIONS, KAFKA_VERSION } from './kafka-versions';
export { type ApiHandler, type BrokerStats, type RequestContext } from './context';
