'use strict';
// Runs once per Jest run, before any test file loads: finds out whether tests have a Redis, so a
// suite that needs one can declare its tests skipped (describeWithRedis) instead of passing them
// without checking anything. The answer travels to the test workers in TEST_REDIS:
//   url     REDIS_URL is set;  docker  a Docker engine answers (testcontainers starts redis:7);
//   local   something on 127.0.0.1:6379 answers PING;  none  no Redis at all.
const { connect } = require('node:net');
const { existsSync } = require('node:fs');

function pingLocalRedis(timeoutMs = 500) {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port: 6379 });
    let reply = '';
    const finish = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => finish(false));
    socket.once('error', () => finish(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk) => {
      reply += chunk.toString();
      if (reply.includes('\r\n')) finish(reply.startsWith('+PONG'));
    });
  });
}

async function dockerAnswers(timeoutMs = 3_000) {
  if (!process.env.DOCKER_HOST && !existsSync('/var/run/docker.sock')) return false;
  let timer;
  const timeout = new Promise((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const probe = import('testcontainers')
    .then(({ getContainerRuntimeClient }) => getContainerRuntimeClient())
    .then(
      () => true,
      () => false,
    );
  try {
    return await Promise.race([probe, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

module.exports = async function globalSetup() {
  // Asked once for the whole run; every test file reads the answer (hasDocker of @lib/test-support)
  // instead of probing the engine again.
  if (process.env.TEST_DOCKER !== '1' && process.env.TEST_DOCKER !== '0')
    process.env.TEST_DOCKER = (await dockerAnswers()) ? '1' : '0';
  if (process.env.TEST_REDIS) return;
  if (process.env.REDIS_URL && process.env.REDIS_URL.trim()) process.env.TEST_REDIS = 'url';
  else if (process.env.TEST_DOCKER === '1') process.env.TEST_REDIS = 'docker';
  else if (await pingLocalRedis()) process.env.TEST_REDIS = 'local';
  else {
    process.env.TEST_REDIS = 'none';
    process.stderr.write(
      'NOTE: no Redis for tests (REDIS_URL unset, no Docker engine, nothing on 127.0.0.1:6379): tests that need Redis are reported as skipped.\n',
    );
  }
};
