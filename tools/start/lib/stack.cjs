'use strict';
// What `npm start` runs: the five gRPC services and the gateway, with the ports of ARCHITECTURE.md,
// MailDev (the local mail catcher) unless SMTP_URL names another server, and the environment each
// child gets. Pure data so that it can be checked without starting anything.

/**
 * @typedef {{ port: number, purpose: string }} PortClaim
 * @typedef {{
 *   name: string,
 *   entry: string,
 *   args?: string[],
 *   env: Record<string, string>,
 *   readyUrl: string,
 *   healthUrl: string,
 *   ports: PortClaim[],
 * }} ProcessSpec
 */

/** The default ports, from the one table the processes' own config schemas read. */
const SERVICE_PORTS = require('../../../libs/config/src/service-ports.json');

/** @type {ReadonlyArray<{ name: string, grpcPort: number, opsPort: number }>} */
const SERVICES = Object.freeze(
  Object.entries(SERVICE_PORTS).map(([name, ports]) => ({ name, grpcPort: ports.grpc, opsPort: ports.ops })),
);

/** The Nx projects `npm start` builds; their libraries follow through Nx's ^build dependency. */
const BUILD_PROJECTS = ['gateway', ...SERVICES.map((service) => service.name)];

const GATEWAY_ENTRY = 'dist/apps/gateway/src/server/main.js';
const DEFAULT_GATEWAY_PORT = 3000;
/** The gateway's ops port (/metrics, detailed /readyz), as its own config schema defaults it. */
const DEFAULT_GATEWAY_OPS_PORT = 9464;
const DEFAULT_EMBEDDED_PG_PORT = 54329;

/** @param {string} name */
const serviceEntry = (name) => `dist/apps/${name}/src/main.js`;

/** MailDev's CLI (the `maildev` devDependency): SMTP and its web UI and REST API, on loopback. */
const MAILDEV_ENTRY = 'node_modules/maildev/bin/maildev';
const MAILDEV_SMTP_PORT = 1025;
const MAILDEV_WEB_PORT = 1080;
/** Where local mail is read: MailDev's web UI; `GET /email` there lists it as JSON. */
const MAILDEV_WEB_URL = `http://127.0.0.1:${MAILDEV_WEB_PORT}/`;

/**
 * Whether `npm start` runs MailDev and points the leads service at it: yes unless SMTP_URL is set,
 * which names the server mail goes to instead.
 * @param {Record<string, string | undefined>} env
 */
const usesMailCatcher = (env) => !env.SMTP_URL?.trim();

/**
 * Reads an optional port variable the same way the processes themselves will, so a typo is reported
 * here, before anything is built or started.
 * @param {Record<string, string | undefined>} env
 * @param {string} key
 * @param {number} fallback
 */
function portFromEnv(env, key, fallback) {
  const raw = env[key]?.trim();
  if (!raw) return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new Error(`${key}=${JSON.stringify(raw)} must be a port number between 1 and 65535`);
  }
  return port;
}

/** @param {Record<string, string | undefined>} env */
const gatewayPort = (env) => portFromEnv(env, 'PORT', DEFAULT_GATEWAY_PORT);

/** @param {Record<string, string | undefined>} env */
const embeddedPostgresPort = (env) => portFromEnv(env, 'EMBEDDED_PG_PORT', DEFAULT_EMBEDDED_PG_PORT);

/**
 * The inherited environment without unset values, and without the per-process ports that this
 * script assigns itself: a GRPC_PORT exported in the shell would otherwise put all five services on
 * one port.
 * @param {Record<string, string | undefined>} env
 * @returns {Record<string, string>}
 */
function inheritedEnv(env) {
  /** @type {Record<string, string>} */
  const out = {};
  for (const [key, value] of Object.entries(env)) {
    if (value === undefined || key === 'GRPC_PORT' || key === 'OPS_PORT') continue;
    out[key] = value;
  }
  return out;
}

/**
 * @param {{ env: Record<string, string | undefined>, databaseUrl: string }} input
 * @returns {ProcessSpec[]} the services, MailDev (unless SMTP_URL is set), the gateway last
 */
function planStack({ env, databaseUrl }) {
  const base = inheritedEnv(env);
  // A laptop run should not expose the internal gRPC ports to the network unless asked to.
  const grpcHost = base.GRPC_HOST ?? '127.0.0.1';

  const port = gatewayPort(env);
  const mailCatcher = usesMailCatcher(env);
  // The leads service's mail: to MailDev (SMS too, as mails to <digits>@sms.localhost) unless
  // SMTP_URL says otherwise; links in messages point at this gateway unless PUBLIC_ORIGIN is given.
  /** @type {Record<string, string>} */
  const leadsEnv = {
    PUBLIC_ORIGIN: base.PUBLIC_ORIGIN ?? `http://localhost:${port}`,
    ...(mailCatcher
      ? {
          SMTP_URL: `smtp://127.0.0.1:${MAILDEV_SMTP_PORT}`,
          SMS_TRANSPORT: base.SMS_TRANSPORT ?? 'mail-catcher',
        }
      : {}),
  };

  /** @type {ProcessSpec[]} */
  const specs = SERVICES.map((service) => ({
    name: service.name,
    entry: serviceEntry(service.name),
    env: {
      ...base,
      GRPC_HOST: grpcHost,
      GRPC_PORT: String(service.grpcPort),
      OPS_PORT: String(service.opsPort),
      DATABASE_URL: databaseUrl,
      ...(service.name === 'leads' ? leadsEnv : {}),
    },
    readyUrl: `http://127.0.0.1:${service.opsPort}/readyz`,
    healthUrl: `http://127.0.0.1:${service.opsPort}/healthz`,
    ports: [
      { port: service.grpcPort, purpose: `${service.name} gRPC` },
      { port: service.opsPort, purpose: `${service.name} metrics/health` },
    ],
  }));

  if (mailCatcher) {
    specs.push({
      name: 'maildev',
      entry: MAILDEV_ENTRY,
      args: [
        '--smtp',
        String(MAILDEV_SMTP_PORT),
        '--web',
        String(MAILDEV_WEB_PORT),
        '--ip',
        '127.0.0.1',
        // Kept beside the embedded database, so that mail survives a restart of MailDev.
        '--mail-directory',
        mailCatcherDirectory(env),
      ],
      env: base,
      readyUrl: `http://127.0.0.1:${MAILDEV_WEB_PORT}/healthz`,
      healthUrl: `http://127.0.0.1:${MAILDEV_WEB_PORT}/healthz`,
      ports: [
        { port: MAILDEV_SMTP_PORT, purpose: 'MailDev SMTP (set SMTP_URL to send mail elsewhere)' },
        { port: MAILDEV_WEB_PORT, purpose: 'MailDev web (set SMTP_URL to send mail elsewhere)' },
      ],
    });
  }

  const opsPort = DEFAULT_GATEWAY_OPS_PORT;
  /** @type {Record<string, string>} */
  const addresses = {};
  for (const service of SERVICES) {
    addresses[`${service.name.toUpperCase()}_SERVICE_ADDR`] = `127.0.0.1:${service.grpcPort}`;
  }
  // The gateway owns no tables; it never needs the database address.
  const gatewayBase = { ...base };
  delete gatewayBase.DATABASE_URL;
  // A local run shows the embedded, labelled example operator unless real OPERATOR_* data are
  // given (the gateway runs as production and would otherwise refuse to start without them).
  if (gatewayBase.OPERATOR_EXAMPLE === undefined && gatewayBase.OPERATOR_NAME === undefined)
    gatewayBase.OPERATOR_EXAMPLE = 'true';
  specs.push({
    name: 'gateway',
    entry: GATEWAY_ENTRY,
    env: { ...gatewayBase, ...addresses, PORT: String(port), OPS_PORT: String(opsPort) },
    // The public port's bare probes: what visitors' traffic depends on.
    readyUrl: `http://127.0.0.1:${port}/readyz`,
    healthUrl: `http://127.0.0.1:${port}/healthz`,
    ports: [
      { port, purpose: 'gateway HTTP' },
      { port: opsPort, purpose: 'gateway metrics/health' },
    ],
  });
  return specs;
}

/**
 * MailDev's mail directory, relative to the workspace root: `<DATA_DIR>/maildev`.
 * @param {Record<string, string | undefined>} env
 */
const mailCatcherDirectory = (env) => `${(env.DATA_DIR?.trim() || '.data').replace(/\/+$/, '')}/maildev`;

/**
 * Every port the stack will listen on, checked before anything starts.
 * @param {{ env: Record<string, string | undefined>, embeddedDatabase: boolean }} input
 * @returns {PortClaim[]}
 */
function requiredPorts({ env, embeddedDatabase }) {
  const claims = planStack({ env, databaseUrl: 'postgres://unused' }).flatMap((spec) => spec.ports);
  if (embeddedDatabase) claims.push({ port: embeddedPostgresPort(env), purpose: 'embedded PostgreSQL' });
  return claims;
}

/** @returns {string[]} the compiled files the stack needs, relative to the workspace root */
function requiredEntries() {
  return [
    ...SERVICES.map((service) => serviceEntry(service.name)),
    GATEWAY_ENTRY,
    'dist/libs/database/src/index.js',
    'dist/libs/observability/src/index.js',
  ];
}

/**
 * Shows where a database URL points without its password.
 * @param {string} url
 */
function redactUrl(url) {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparsable URL)';
  }
}

module.exports = {
  SERVICES,
  GATEWAY_ENTRY,
  MAILDEV_ENTRY,
  MAILDEV_WEB_URL,
  usesMailCatcher,
  mailCatcherDirectory,
  BUILD_PROJECTS,
  planStack,
  requiredPorts,
  requiredEntries,
  gatewayPort,
  GATEWAY_OPS_PORT: DEFAULT_GATEWAY_OPS_PORT,
  embeddedPostgresPort,
  redactUrl,
};
