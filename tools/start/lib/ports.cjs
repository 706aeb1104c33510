'use strict';
// Finds ports that are already taken before anything is started, so the user gets one clear line
// naming the port instead of a service dying with EADDRINUSE halfway through startup.
const net = require('node:net');

/**
 * @typedef {import('./stack.cjs').PortClaim} PortClaim
 * @typedef {PortClaim & { reason: string }} BusyPort
 */

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
      resolve(
        error.code === 'EADDRINUSE' ? 'already in use' : `cannot be opened (${error.code ?? error.message})`,
      );
    });
    server.listen({ port, host: '0.0.0.0', exclusive: true }, () => {
      server.close(() => resolve(undefined));
    });
  });
}

/**
 * @param {readonly PortClaim[]} claims
 * @returns {Promise<BusyPort[]>}
 */
async function findBusyPorts(claims) {
  const reasons = await Promise.all(claims.map((claim) => probePort(claim.port)));
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
  const first = busy[0];
  const hint = first
    ? `\nFind the process with: ss -ltnp 'sport = :${first.port}'  (or: lsof -i :${first.port})`
    : '';
  return (
    `Cannot start: ${busy.length === 1 ? 'a port is' : 'ports are'} not available:\n${lines.join('\n')}${hint}\n` +
    'Stop the other process (an earlier `npm start` still running?) or, for the gateway, choose another PORT.'
  );
}

module.exports = { findBusyPorts, describeBusyPorts, probePort };
