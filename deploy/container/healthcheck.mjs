#!/usr/bin/env node
// Docker HEALTHCHECK: the process is healthy when its /readyz answers 200. Services serve it on
// OPS_HOST:OPS_PORT (default 9464 + n, as in the services themselves; a wildcard OPS_HOST is
// reached on 127.0.0.1), the gateway its bare /readyz on PORT (default 3000). The partner sandbox
// (local stacks only) has no dependency to be unready about and answers /healthz on
// PARTNER_SANDBOX_PORT (default 8090).
import http from 'node:http';

/** @type {Record<string, number>} */
const DEFAULT_PORTS = { gateway: 3000, content: 9465, offers: 9466, rates: 9467, leads: 9468, events: 9469 };
const app = process.env.APP ?? '';
const sandbox = app === 'partner-sandbox';
const port =
  app === 'gateway'
    ? process.env.PORT || DEFAULT_PORTS.gateway
    : sandbox
      ? process.env.PARTNER_SANDBOX_PORT || 8090
      : process.env.OPS_PORT || DEFAULT_PORTS[app];
if (!port) {
  console.error(`healthcheck: no health port known for APP="${app}"`);
  process.exit(1);
}

const ownHost = sandbox ? process.env.PARTNER_SANDBOX_HOST?.trim() : process.env.OPS_HOST?.trim();
const host =
  app === 'gateway' || !ownHost || ownHost === '0.0.0.0' || ownHost === '::' ? '127.0.0.1' : ownHost;

const request = http.get(
  { host, port, path: sandbox ? '/healthz' : '/readyz', timeout: 2500 },
  (response) => {
    response.resume();
    process.exit(response.statusCode === 200 ? 0 : 1);
  },
);
request.on('timeout', () => request.destroy(new Error('timeout')));
request.on('error', () => process.exit(1));
