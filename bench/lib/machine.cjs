'use strict';
// What a stored result says about where and on what it was measured: figures from different
// machines, loads or commits are not comparable, so each result file carries them.

/**
 * @typedef {{
 *   cpus(): Array<{ model: string }>, totalmem(): number, loadavg(): number[], platform(): string,
 *   release(): string, availableParallelism?: () => number,
 * }} OsLike the parts of node:os read here (a stand-in in tests)
 */

/**
 * @param {OsLike} os
 * @returns {{ cpuModel: string | null, cores: number, memoryBytes: number, loadAverage: number[], platform: string }}
 */
function machineInfo(os) {
  const cpus = os.cpus();
  return {
    cpuModel: cpus[0]?.model.trim() ?? null,
    cores: os.availableParallelism ? os.availableParallelism() : cpus.length,
    memoryBytes: os.totalmem(),
    // 1, 5 and 15 minutes: anything else running (tests, builds) shows here and lowers every figure.
    loadAverage: os.loadavg().map((value) => Math.round(value * 100) / 100),
    platform: `${os.platform()} ${os.release()}`,
  };
}

/**
 * The commit and whether the working tree differs from it, from `git rev-parse HEAD` and
 * `git status --porcelain` (null when git is not there or this is not a checkout).
 * @param {(args: string[]) => { status: number | null, stdout: string }} git runs git with these arguments
 * @returns {{ commit: string | null, dirty: boolean | null }}
 */
function gitState(git) {
  const head = git(['rev-parse', 'HEAD']);
  if (head.status !== 0) return { commit: null, dirty: null };
  const status = git(['status', '--porcelain']);
  return {
    commit: head.stdout.trim(),
    dirty: status.status === 0 ? status.stdout.trim().length > 0 : null,
  };
}

/** @param {{ cpuModel: string | null, cores: number, memoryBytes: number, loadAverage: number[] }} machine */
function describeMachine(machine) {
  const gib = (machine.memoryBytes / 1024 ** 3).toFixed(1);
  return `${machine.cpuModel ?? 'unknown CPU'}, ${machine.cores} cores, ${gib} GiB; load average ${machine.loadAverage.join(' / ')}`;
}

module.exports = { machineInfo, gitState, describeMachine };
