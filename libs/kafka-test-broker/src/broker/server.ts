import { createServer, type Server, type Socket } from 'node:net';
import { Reader, ProtocolError } from '../codec/reader';
import { API_HANDLERS, type BrokerStats } from '../apis';
import { Cluster } from './cluster';
import { GroupCoordinator } from './group-coordinator';

/** socket.request.max.bytes (Kafka default 100 MiB): a larger frame closes the connection. */
const MAX_REQUEST_BYTES = 100 * 1024 * 1024;
const API_VERSIONS_KEY = 18;

export interface KafkaTestBrokerOptions {
  /** Port on 127.0.0.1; 0 (default) lets the OS pick a free one. */
  port?: number;
  /** num.partitions for auto-created topics and CreateTopics with -1 (default 1). */
  defaultPartitions?: number;
  /** group.min.session.timeout.ms (default 6000, as Kafka). */
  minSessionTimeoutMs?: number;
  /** group.max.session.timeout.ms (default 1800000, as Kafka). */
  maxSessionTimeoutMs?: number;
  /** Called with each connection-level problem (unknown API, bad frame); default: ignored. */
  log?: (message: string) => void;
}

export interface KafkaTestBroker {
  /** `127.0.0.1:<port>`, the address Metadata and FindCoordinator advertise. */
  brokers: string[];
  /** Counters to wait on in tests (a live view). */
  readonly stats: Readonly<BrokerStats>;
  /**
   * The next request of this API is carried out, then its connection is closed instead of
   * answered: a response lost on the network (the client retries).
   */
  loseNextResponse(api: string): void;
  /** Closes every connection and the listener; answers nothing more. */
  stop(): Promise<void>;
}

interface Frame {
  apiKey: number;
  apiVersion: number;
  correlationId: number;
  clientId: string;
  body: Reader;
}

const handlers = new Map(API_HANDLERS.map((api) => [api.apiKey, api]));

/**
 * Starts a single-node, in-memory broker speaking the Kafka wire protocol on 127.0.0.1, for tests.
 * Node id 1 leads every partition and coordinates every group.
 */
export async function startKafkaTestBroker(options: KafkaTestBrokerOptions = {}): Promise<KafkaTestBroker> {
  const log = options.log ?? (() => undefined);
  const cluster = new Cluster(1, options.defaultPartitions ?? 1);
  const groups = new GroupCoordinator({
    minSessionTimeoutMs: options.minSessionTimeoutMs ?? 6_000,
    maxSessionTimeoutMs: options.maxSessionTimeoutMs ?? 1_800_000,
  });
  const stats: BrokerStats = {
    appendedBatches: 0,
    duplicateBatches: 0,
    waitingFetches: 0,
    fetchesWokenByData: 0,
    fetchesTimedOut: 0,
  };
  const stopping = new AbortController();
  const sockets = new Set<Socket>();
  const toLose = new Map<string, number>();
  let node = { nodeId: cluster.nodeId, host: '127.0.0.1', port: 0 };

  const serve = (socket: Socket) => {
    sockets.add(socket);
    socket.setNoDelay(true);
    const closed = new AbortController();
    const signal = AbortSignal.any([closed.signal, stopping.signal]);
    const queue: Frame[] = [];
    let pending: Buffer = Buffer.alloc(0);
    let busy = false;

    const drop = (why: string) => {
      log(`closing connection from ${socket.remoteAddress}:${socket.remotePort}: ${why}`);
      socket.destroy();
    };

    // Requests on one connection are handled one at a time and answered in order, as Kafka does
    // (it mutes a connection while a request is in flight); clients open more connections to overlap.
    const drain = async () => {
      if (busy) return;
      busy = true;
      try {
        for (let frame = queue.shift(); frame && !socket.destroyed; frame = queue.shift())
          await handle(frame);
      } finally {
        busy = false;
      }
    };

    const handle = async (frame: Frame) => {
      const api = handlers.get(frame.apiKey);
      // ApiVersions of any version is answered (a newer one with UNSUPPORTED_VERSION, KIP-511);
      // another API only at a version this broker serves.
      if (!api || (!api.served.includes(frame.apiVersion) && frame.apiKey !== API_VERSIONS_KEY)) {
        drop(`unsupported API ${frame.apiKey} v${frame.apiVersion}`);
        return;
      }
      const flexible = frame.apiVersion >= api.firstFlexible;
      try {
        // Request header v2 (flexible versions): the client id is followed by tagged fields.
        if (flexible && api.served.includes(frame.apiVersion)) frame.body.skipTags();
      } catch (error) {
        drop(`bad request header: ${String(error)}`);
        return;
      }
      let body;
      try {
        body = await api.handle(frame.body, {
          apiVersion: frame.apiVersion,
          flexible,
          clientId: frame.clientId,
          clientHost: socket.remoteAddress ?? '',
          cluster,
          groups,
          node,
          signal,
          stats,
        });
      } catch (error) {
        drop(
          error instanceof ProtocolError
            ? `malformed ${api.name} v${frame.apiVersion}: ${error.message}`
            : `${api.name} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
        );
        return;
      }
      const lose = toLose.get(api.name) ?? 0;
      if (lose > 0) {
        toLose.set(api.name, lose - 1);
        drop(`losing the ${api.name} response on purpose`);
        return;
      }
      if (body === null || socket.destroyed) return;
      const payload = body.toBuffer();
      // Response header v0 (non-flexible versions, and ApiVersions always): correlation_id; v1
      // (flexible versions): correlation_id and an empty tag section.
      const headerTags = flexible && frame.apiKey !== API_VERSIONS_KEY ? 1 : 0;
      const header = Buffer.alloc(8 + headerTags);
      header.writeInt32BE(payload.length + 4 + headerTags, 0);
      header.writeInt32BE(frame.correlationId, 4);
      socket.write(Buffer.concat([header, payload]));
    };

    socket.on('data', (chunk: Buffer) => {
      pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
      while (pending.length >= 4) {
        const size = pending.readInt32BE(0);
        if (size < 8 || size > MAX_REQUEST_BYTES) {
          drop(`frame of ${size} bytes`);
          return;
        }
        if (pending.length < 4 + size) break;
        const reader = new Reader(pending.subarray(4, 4 + size));
        pending = pending.subarray(4 + size);
        try {
          // Request header v1: api_key api_version correlation_id client_id (NULLABLE_STRING); v2
          // adds tagged fields, read in handle() once the API's flexible versions are known.
          const apiKey = reader.int16();
          const apiVersion = reader.int16();
          const correlationId = reader.int32();
          const clientId = reader.nullableString() ?? '';
          queue.push({ apiKey, apiVersion, correlationId, clientId, body: reader });
        } catch (error) {
          drop(`bad request header: ${String(error)}`);
          return;
        }
      }
      void drain();
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      sockets.delete(socket);
      closed.abort();
    });
  };

  const server: Server = createServer(serve);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the broker has no TCP address');
  node = { ...node, port: address.port };

  return {
    brokers: [`${node.host}:${node.port}`],
    stats,
    loseNextResponse(api) {
      toLose.set(api, (toLose.get(api) ?? 0) + 1);
    },
    async stop() {
      stopping.abort();
      groups.shutdown();
      const closedServer = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closedServer;
    },
  };
}
