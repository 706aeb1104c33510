'use strict';
// Polls each process's /readyz until all answer 200, and says which ones never did.
const http = require('node:http');
const { Buffer } = require('node:buffer');
const { setTimeout: sleep } = require('node:timers/promises');

/**
 * @typedef {{ name: string, url: string }} ReadyTarget
 * @typedef {{ ok: boolean, detail: string }} ProbeResult
 */

/**
 * @param {string} url
 * @param {number} timeoutMs
 * @returns {Promise<ProbeResult>}
 */
function probe(url, timeoutMs) {
  return new Promise((resolve) => {
    const request = http.get(url, { timeout: timeoutMs, agent: false }, (response) => {
      /** @type {Buffer[]} */
      const chunks = [];
      response.on('data', (/** @type {Buffer} */ chunk) => {
        if (chunks.length < 8) chunks.push(chunk);
      });
      response.on('end', () => {
        const status = response.statusCode ?? 0;
        const body = Buffer.concat(chunks).toString('utf8').replace(/\s+/g, ' ').trim().slice(0, 200);
        resolve({ ok: status === 200, detail: `answered ${status}${body ? `: ${body}` : ''}` });
      });
      response.on('error', (error) => resolve({ ok: false, detail: error.message }));
    });
    request.on('timeout', () => request.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    request.on('error', (/** @type {NodeJS.ErrnoException} */ error) =>
      resolve({ ok: false, detail: error.code === 'ECONNREFUSED' ? 'not listening yet' : error.message }),
    );
  });
}

class NotReadyError extends Error {
  /**
   * @param {number} timeoutMs
   * @param {Array<{ name: string, url: string, detail: string }>} pending
   */
  constructor(timeoutMs, pending) {
    const list = pending.map((p) => `${p.name} (${p.url} ${p.detail})`).join(', ');
    super(`not ready after ${Math.round(timeoutMs / 1000)} s: ${list}`);
    this.name = 'NotReadyError';
    this.pending = pending;
  }
}

/**
 * Resolves once every target's URL has answered 200 (each target only needs to succeed once).
 * @param {readonly ReadyTarget[]} targets
 * @param {{ timeoutMs: number, intervalMs?: number, probeTimeoutMs?: number, signal?: AbortSignal,
 *           onReady?: (name: string) => void }} options
 * @returns {Promise<void>}
 */
async function waitUntilReady(targets, options) {
  const intervalMs = options.intervalMs ?? 250;
  const probeTimeoutMs = options.probeTimeoutMs ?? 2_000;
  const deadline = Date.now() + options.timeoutMs;
  /** @type {Map<string, { target: ReadyTarget, detail: string }>} */
  const pending = new Map(targets.map((t) => [t.name, { target: t, detail: 'not probed yet' }]));

  for (;;) {
    options.signal?.throwIfAborted();
    const entries = [...pending.values()];
    const results = await Promise.all(entries.map((entry) => probe(entry.target.url, probeTimeoutMs)));
    entries.forEach((entry, i) => {
      const result = results[i];
      if (!result) return;
      if (result.ok) {
        pending.delete(entry.target.name);
        options.onReady?.(entry.target.name);
      } else {
        entry.detail = result.detail;
      }
    });
    if (pending.size === 0) return;
    options.signal?.throwIfAborted();
    if (Date.now() >= deadline) {
      throw new NotReadyError(
        options.timeoutMs,
        [...pending.values()].map((entry) => ({
          name: entry.target.name,
          url: entry.target.url,
          detail: entry.detail,
        })),
      );
    }
    // An abort during the pause surfaces as the caller's own reason, not a generic AbortError.
    await sleep(Math.min(intervalMs, Math.max(0, deadline - Date.now())), undefined, {
      signal: options.signal,
    }).catch((/** @type {unknown} */ error) => {
      options.signal?.throwIfAborted();
      throw error;
    });
  }
}

module.exports = { waitUntilReady, probe, NotReadyError };
