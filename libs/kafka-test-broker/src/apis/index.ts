import { Writer } from '../codec/writer';
import { ErrorCode } from '../broker/errors';
import { type ApiHandler } from './context';
import { fetch, listOffsets } from './fetch';
import { createTopics, deleteTopics, metadata } from './topics';
import { initProducerId, produce } from './produce';
import { describeGroups, findCoordinator, heartbeat, joinGroup, leaveGroup, listGroups, offsetCommit, offsetFetch, syncGroup } from './groups';

/**
 * ApiVersions v0–2 => (nothing). Answer: error_code [api_keys(api_key min_version max_version)]
 * (+ throttle_time_ms from v1). A newer version (v3+ is flexible) is answered in the v0 form with
 * UNSUPPORTED_VERSION and the versions we take, so the client retries lower (KIP-511).
 */
function apiVersions(all: () => ApiHandler[]): ApiHandler {
  return {
    apiKey: 18,
    name: 'ApiVersions',
    minVersion: 0,
    maxVersion: 2,
    handle(_body, { apiVersion }) {
      const writer = new Writer()
        .int16(apiVersion > 2 ? ErrorCode.UNSUPPORTED_VERSION : ErrorCode.NONE)
        .array(all(), (w, api) => w.int16(api.apiKey).int16(api.minVersion).int16(api.maxVersion));
      return apiVersion >= 1 && apiVersion <= 2 ? writer.int32(0) : writer;
    },
  };
}

/**
 * The APIs this broker answers, each at the versions kafkajs 2.2.4 picks (its highest; none of them
 * uses the flexible encoding). Anything else is not advertised, and a request for it closes the
 * connection, as a Kafka broker does with a request it cannot parse.
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
  );
  return list.sort((a, b) => a.apiKey - b.apiKey);
})();

export { type ApiHandler, type BrokerStats, type RequestContext } from './context';
