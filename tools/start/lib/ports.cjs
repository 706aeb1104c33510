'use strict';
// Finds ports that are already taken before anything is started, so the user gets one clear line
// naming the port instead of a service dying with EADDRINUSE halfway through startup.
const net = require('node:net');
const { setTimeout: sleep } = require('node:timers/promises');

/**
 * @typedef {import('./stack.cjs').PortClaim} PortClaim
 * @typedef {PortClaim & { reason: string }} BusyPort
 */

const IN_USE = 'already in use';
// The fixed gRPC ports (50051–50055) and the embedded PostgreSQL's lie inside Linux's default range
// of ports for outgoing connections (32768–60999): any client on the machine can be given one for
// as long as its connection lasts, and nothing listens on it meanwhile.
const HELD_BY_CONNECTION =
  'held by an outgoing connection (the port lies in the range the system hands to clients)';

/**
 * How long a port held by an outgoing connection is waited for, by default, before giving up: a
 * connection its client closed first keeps the port for another 60 s on Linux (TIME_WAIT).
 */
const CONNECTION_WAIT_MS = 75_000;
const RECHECK_MS = 250;

/**
 * Binding the wildcard address also collides with a listener on 127.0.0.1 or ::, so one probe per
 * port finds every conflict that would stop a child from listening.
 * @param {number} port
 * @returns {Promise<string | undefined>} why the port cannot be used, or undefined when it is free
 */
function probePort(port) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.unref();
    server.once('error', (/** @type {NodeJS.ErrnoException} */ error) => {
      if (error.code !== 'EADDRINUSE') {
        resolve(`cannot be opened (${error.code ?? error.message})`);
        return;
      }
      void somethingListens(port).then((listens) => resolve(listens ? IN_USE : HELD_BY_CONNECTION));
    });
    server.listen({ port, host: '0.0.0.0', exclusive: true }, () => {
      server.close(() => resolve(undefined));
    });
  });
}

/**
 * Whether a server accepts connections on the port: a bind that fails while nothing accepts means the
 * port is some connection's local end, which frees itself when that connection closes.
 * @param {number} port
 * @returns {Promise<boolean>}
 */
function somethingListens(port) {
  const attempt = (/** @type {string} */ host) =>
    new Promise((resolve) => {
      const socket = net.connect({ port, host });
      socket.setTimeout(1_000);
      const done = (/** @type {boolean} */ listens) => {
        socket.destroy();
        resolve(listens);
      };
      socket.once('connect', () => done(true));
      // A timeout means something holds the port without answering: treat it as a listener.
      socket.once('timeout', () => done(true));
      socket.once('error', () => done(false));
    });
  return Promise.all([attempt('127.0.0.1'), attempt('::1')]).then((answers) => answers.includes(true));
}

/**
 * A port held by an outgoing connection is probed again until it is free or `connectionWaitMs` has
 * passed; a port some server listens on is reported at once.
 * @param {readonly PortClaim[]} claims
 * @param {{ connectionWaitMs?: number, onWait?: (ports: number[]) => void }} [options] `onWait`:
 *   called once, with the ports waited for, when the first wait begins
 * @returns {Promise<BusyPort[]>}
 */
async function findBusyPorts(claims, { connectionWaitMs = CONNECTION_WAIT_MS, onWait } = {}) {
  const deadline = Date.now() + connectionWaitMs;
  /** @type {(string | undefined)[]} */
  const reasons = await Promise.all(claims.map((claim) => probePort(claim.port)));
  for (;;) {
    const waiting = reasons.flatMap((reason, i) => (reason === HELD_BY_CONNECTION ? [i] : []));
    if (waiting.length === 0 || Date.now() >= deadline) break;
    if (onWait) {
      onWait(waiting.map((i) => /** @type {PortClaim} */ (claims[i]).port));
      onWait = undefined;
    }
    await sleep(RECHECK_MS);
    const again = await Promise.all(waiting.map((i) => probePort(/** @type {PortClaim} */ (claims[i]).port)));
    waiting.forEach((claimIndex, j) => {
      reasons[claimIndex] = again[j];
    });
  }
  /** @type {BusyPort[]} */
  const busy = [];
  claims.forEach((claim, i) => {
    const reason = reasons[i];
    if (reason) busy.push({ ...claim, reason });
  });
  return busy;
}

/**
 * @param {readonly BusyPort[]} busy
 * @returns {string}
 */
function describeBusyPorts(busy) {
  const lines = busy.map((b) => `  port ${b.port} (${b.purpose}) is ${b.reason}`);
  const first = busy.find((b) => b.reason === IN_USE) ?? busy[0];
  const hint = first
    ? `\nFind the process with: ss -tanp 'sport = :${first.port}'  (or: lsof -i :${first.port})`
    : '';
  const connections = busy.filter((b) => b.reason === HELD_BY_CONNECTION).map((b) => b.port);
  const reserve =
    connections.length > 0
      ? `\nTo keep client connections off ${connections.length === 1 ? 'this port' : 'these ports'}, add ${connections.join(',')} to ` +
        'net.ipv4.ip_local_reserved_ports (as root; README, "Ports")'
      : '';
  return (
    `Cannot start: ${busy.length === 1 ? 'a port is' : 'ports are'} not available:\n${lines.join('\n')}${hint}${reserve}\n` +
    'Stop the other process (an earlier `npm start` still running?) or, for the gateway, choose another PORT.'
  );
}

module.exports = { findBusyPorts, describeBusyPorts, probePort, HELD_BY_CONNECTION };
