'use strict';
// Finding the processes a fault is aimed at: a service by the port it listens on (ss), the
// embedded PostgreSQL by its postmaster.pid. The parsing is pure and unit-tested.
const { execFileSync } = require('node:child_process');
const { readFileSync } = require('node:fs');
const path = require('node:path');

/**
 * Pids in `ss -ltnpH` output ("users:(("node",pid=123,fd=21))").
 * @param {string} output
 * @returns {number[]}
 */
function pidsInSsOutput(output) {
  const pids = new Set();
  for (const match of output.matchAll(/pid=(\d+)/g)) pids.add(Number(match[1]));
  return [...pids];
}

/**
 * The one process listening on a TCP port; throws when none or several do.
 * @param {number} port
 */
function pidListeningOn(port) {
  const output = execFileSync('ss', ['-ltnpH', `sport = :${port}`], { encoding: 'utf8' });
  const pids = pidsInSsOutput(output);
  if (pids.length !== 1)
    throw new Error(
      `expected one process listening on port ${port}, found ${pids.length ? pids.join(', ') : 'none'}`,
    );
  return /** @type {number} */ (pids[0]);
}

/**
 * The postmaster's pid: the first line of postmaster.pid.
 * @param {string} text
 */
function pidInPostmasterFile(text) {
  const first = text.split('\n', 1)[0]?.trim() ?? '';
  if (!/^\d+$/.test(first))
    throw new Error(`postmaster.pid does not start with a pid: "${first.slice(0, 40)}"`);
  return Number(first);
}

/** @param {string} dataDir DATA_DIR of the stack (the cluster is its postgres/ folder) */
function postmasterPid(dataDir) {
  return pidInPostmasterFile(readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8'));
}

module.exports = { pidsInSsOutput, pidListeningOn, pidInPostmasterFile, postmasterPid };
