'use strict';
// Tells whether the process holding the embedded PostgreSQL's port is that PostgreSQL: the server
// of this very data directory, left running by an earlier `npm start` or restarted by an operator
// with pg_ctl. Such a server is reused (and stopped with the rest on Ctrl-C) instead of refused as
// "port in use". Plain CommonJS with no build: it runs before anything is built. The same test as
// libs/database's isPostmasterOf, which the holder (database.mjs) then relies on.
const fs = require('node:fs');
const path = require('node:path');

/**
 * @typedef {{ pid: number, port: number, pgData: string }} OwnPostgres
 */

/** @param {number} pid */
function isAlive(pid) {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    return /** @type {NodeJS.ErrnoException} */ (error).code === 'EPERM';
  }
}

/**
 * A live postmaster of pgData: its program is postgres, and it runs in the data directory (a
 * postmaster changes into it however `-D` was spelled) or names it on its command line.
 * @param {number} pid
 * @param {string} pgData absolute
 */
function isPostmasterOf(pid, pgData) {
  if (!isAlive(pid)) return false;
  let args;
  try {
    args = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
  } catch {
    return process.platform !== 'linux';
  }
  if (path.basename(args[0] ?? '') !== 'postgres') return false;
  if (args.includes(pgData)) return true;
  try {
    const wanted = fs.realpathSync(pgData);
    return fs.readlinkSync(`/proc/${pid}/cwd`) === wanted;
  } catch {
    return false;
  }
}

/**
 * The embedded PostgreSQL of dataDir when it runs and listens on port, per its postmaster.pid
 * (line 1 the pid, line 4 the port); undefined when the port is held by anything else.
 * @param {{ dataDir: string, port: number, cwd: string }} where dataDir as DATA_DIR says, relative to cwd
 * @returns {OwnPostgres | undefined}
 */
function findOwnPostgres({ dataDir, port, cwd }) {
  const pgData = path.resolve(cwd, dataDir, 'postgres');
  let lines;
  try {
    lines = fs.readFileSync(path.join(pgData, 'postmaster.pid'), 'utf8').split('\n');
  } catch {
    return undefined;
  }
  const pid = Number.parseInt(lines[0] ?? '', 10);
  const pidPort = Number.parseInt(lines[3] ?? '', 10);
  if (pidPort !== port || !isPostmasterOf(pid, pgData)) return undefined;
  return { pid, port, pgData };
}

module.exports = { findOwnPostgres, isPostmasterOf };
