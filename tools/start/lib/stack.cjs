'use strict';
// What `npm start` runs: the five gRPC services and the gateway, with the ports of ARCHITECTURE.md,
// MailDev (the local mail catcher) unless SMTP_URL names another server, the partner sandbox (the
// lenders the leads service delivers applications to) unless the user brings a lender file or says
// --no-sandbox, and the environment each child gets. Pure data so that it can be checked without
// starting anything.

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

/**
 * The Nx projects `npm start` builds; their libraries follow through Nx's ^build dependency. The
 * partner sandbox is built even when a run does not start it: Nx's cache makes that free, and a
 * later run without --no-sandbox finds it ready.
 */
const BUILD_PROJECTS = ['gateway', ...SERVICES.map((service) => service.name), 'partner-sandbox'];

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

/** apps/partner-sandbox, built: plays the lenders of the sandbox lender file over HTTP. */
const PARTNER_SANDBOX_ENTRY = 'dist/apps/partner-sandbox/src/main.js';
/** The reviewed sandbox lender file (relative to the workspace root, the children's working directory). */
const SANDBOX_LENDER_FILE = 'deploy/lenders/lender-delivery.sandbox.json';
const DEFAULT_PARTNER_SANDBOX_PORT = 8090;
/** The gateway's public endpoint for lenders' later decisions (features/application-status). */
const LEAD_STATUS_PATH = '/api/partner/lead-status';

/**
 * Where the leads service delivers applications in this run:
 *   'sandbox'   the partner sandbox, started here with fresh secrets (the default);
 *   'own-file'  LENDER_DELIVERY_FILE is set: the user's lenders, their secrets from the environment,
 *               no sandbox (a sandbox here would play lenders nobody delivers to);
 *   'none'      --no-sandbox without a file: applications are matched only, as the leads service
 *               does without LENDER_DELIVERY_FILE.
 * @param {Record<string, string | undefined>} env
 * @param {{ sandbox: boolean }} options `sandbox: false` is --no-sandbox
 * @returns {'sandbox' | 'own-file' | 'none'}
 */
function lenderMode(env, options) {
  if (env.LENDER_DELIVERY_FILE?.trim()) return 'own-file';
  return options.sandbox ? 'sandbox' : 'none';
}

/**
 * The environment variables that hold the secrets of the lenders of a lender file (each entry's
 * secretEnv), so that a run can generate one per lender. Throws with the reason when the text is
 * not a lender file; the sandbox itself validates the rest when it starts.
 * @param {string} text the lender file's contents
 * @returns {string[]}
 */
function lenderSecretNames(text) {
  /** @type {unknown} */
  let json;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`not JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  const lenders = /** @type {{ lenders?: unknown }} */ (json)?.lenders;
  if (!Array.isArray(lenders)) throw new Error('has no "lenders" list');
  const names = lenders.map((lender, i) => {
    const name = /** @type {{ secretEnv?: unknown }} */ (lender)?.secretEnv;
    if (typeof name !== 'string' || !/^[A-Z][A-Z0-9_]*$/.test(name))
      throw new Error(`lenders.${i}.secretEnv must be an environment variable name`);
    return name;
  });
  return [...new Set(names)];
}

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

/** @param {Record<string, string | undefined>} env */
const partnerSandboxPort = (env) => portFromEnv(env, 'PARTNER_SANDBOX_PORT', DEFAULT_PARTNER_SANDBOX_PORT);

/**
 * The sandbox's address, which leads delivers to and whose inspection API (GET /deliveries,
 * /deliveries/summary) shows what each lender received.
 * @param {Record<string, string | undefined>} env
 */
const partnerSandboxUrl = (env) => `http://127.0.0.1:${partnerSandboxPort(env)}`;

/** @param {Record<string, string | undefined>} env */
const dataDirectory = (env) => (env.DATA_DIR?.trim() || '.data').replace(/\/+$/, '');

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
 * @param {{
 *   env: Record<string, string | undefined>,
 *   databaseUrl: string,
 *   sandbox?: { secrets: Record<string, string> },
 * }} input `sandbox`: run the partner sandbox, with these lender secrets (by their secretEnv) for
 *   it and for leads; made fresh by each run and never written anywhere (lenderMode decides)
 * @returns {ProcessSpec[]} the services, MailDev (unless SMTP_URL is set), the partner sandbox (when
 *   asked), the gateway last
 */
function planStack({ env, databaseUrl, sandbox }) {
  const base = inheritedEnv(env);
  // A laptop run should not expose the internal gRPC ports to the network unless asked to.
  const grpcHost = base.GRPC_HOST ?? '127.0.0.1';

  const port = gatewayPort(env);
  const mailCatcher = usesMailCatcher(env);
  // The site's one origin: this gateway on its port unless PUBLIC_ORIGIN is given. The gateway runs
  // as production, which requires it; the leads service's links in messages point at it too.
  const publicOrigin = base.PUBLIC_ORIGIN ?? `http://localhost:${port}`;
  // The leads service's mail: to MailDev (SMS too, as mails to <digits>@sms.localhost) unless
  // SMTP_URL says otherwise.
  /** @type {Record<string, string>} */
  const leadsEnv = {
    PUBLIC_ORIGIN: publicOrigin,
    ...(mailCatcher
      ? {
          SMTP_URL: `smtp://127.0.0.1:${MAILDEV_SMTP_PORT}`,
          SMS_TRANSPORT: base.SMS_TRANSPORT ?? 'mail-catcher',
        }
      : {}),
  };
  // Deliveries go to the sandbox: its lender file, its address for the file's ${PARTNER_SANDBOX_URL}
  // endpoints, and the secrets the sandbox checks the signatures with.
  /** @type {Record<string, string>} */
  const lenderEnv = sandbox
    ? {
        LENDER_DELIVERY_FILE: SANDBOX_LENDER_FILE,
        PARTNER_SANDBOX_URL: partnerSandboxUrl(env),
        ...sandbox.secrets,
      }
    : {};

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
      ...(service.name === 'leads' ? { ...leadsEnv, ...lenderEnv } : {}),
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

  if (sandbox) {
    const sandboxPort = partnerSandboxPort(env);
    const sandboxUrl = partnerSandboxUrl(env);
    specs.push({
      name: 'sandbox',
      entry: PARTNER_SANDBOX_ENTRY,
      env: {
        ...base,
        ...lenderEnv,
        PARTNER_SANDBOX_HOST: '127.0.0.1',
        PARTNER_SANDBOX_PORT: String(sandboxPort),
        // Later decisions go where a real lender's would: the gateway's public callback endpoint.
        LEAD_STATUS_CALLBACK_URL: `http://127.0.0.1:${port}${LEAD_STATUS_PATH}`,
        // Beside the embedded database: what the lenders received lives as long as the applications.
        SANDBOX_STATE_FILE: `${dataDirectory(env)}/partner-sandbox/deliveries.jsonl`,
      },
      // The sandbox answers /healthz only: it has no dependency whose absence would make it unready.
      readyUrl: `${sandboxUrl}/healthz`,
      healthUrl: `${sandboxUrl}/healthz`,
      ports: [{ port: sandboxPort, purpose: 'partner sandbox (npm start -- --no-sandbox runs without it)' }],
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
    env: {
      ...gatewayBase,
      ...addresses,
      PORT: String(port),
      OPS_PORT: String(opsPort),
      PUBLIC_ORIGIN: publicOrigin,
    },
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
const mailCatcherDirectory = (env) => `${dataDirectory(env)}/maildev`;

/**
 * Every port the stack will listen on, checked before anything starts.
 * @param {{ env: Record<string, string | undefined>, embeddedDatabase: boolean, sandbox?: boolean }} input
 * @returns {PortClaim[]}
 */
function requiredPorts({ env, embeddedDatabase, sandbox = false }) {
  const claims = planStack({
    env,
    databaseUrl: 'postgres://unused',
    ...(sandbox ? { sandbox: { secrets: {} } } : {}),
  }).flatMap((spec) => spec.ports);
  if (embeddedDatabase) claims.push({ port: embeddedPostgresPort(env), purpose: 'embedded PostgreSQL' });
  return claims;
}

/**
 * @param {{ sandbox?: boolean }} [input] whether the partner sandbox runs
 * @returns {string[]} the compiled files the stack needs, relative to the workspace root
 */
function requiredEntries({ sandbox = false } = {}) {
  return [
    ...SERVICES.map((service) => serviceEntry(service.name)),
    GATEWAY_ENTRY,
    ...(sandbox ? [PARTNER_SANDBOX_ENTRY] : []),
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
  PARTNER_SANDBOX_ENTRY,
  SANDBOX_LENDER_FILE,
  LEAD_STATUS_PATH,
  lenderMode,
  lenderSecretNames,
  partnerSandboxUrl,
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
