'use strict';
// Whether two processes work side by side or take turns, from their V8 CPU profiles (.cpuprofile,
// as PROFILE_DIR writes them). V8 stamps every sample with the machine's monotonic clock, so the
// profiles of two processes taken in the same run line up: cut the time into equal slices, take in
// each slice the share of samples that were not idle in each process, and correlate the two. Near
// zero or above, they work side by side; strongly negative, one waits while the other works.

/**
 * @typedef {{ id: number, callFrame: { functionName: string }, children?: number[] }} ProfileNode
 * @typedef {{ nodes: ProfileNode[], startTime: number, samples: number[], timeDeltas: number[] }} CpuProfile
 * @typedef {{ at: number, duration: number, idle: boolean }} Sample
 */

/**
 * The mean of some numbers; 0 for none.
 * @param {number[]} values
 */
const mean = (values) =>
  values.length === 0 ? 0 : values.reduce((sum, value) => sum + value, 0) / values.length;

/**
 * The samples of a profile with their time (µs on the monotonic clock) and whether V8 was idle.
 * @param {CpuProfile} profile
 * @returns {Sample[]}
 */
function samplesOf(profile) {
  const idleNodes = new Set(
    profile.nodes.filter((node) => node.callFrame.functionName === '(idle)').map((node) => node.id),
  );
  const samples = [];
  let at = profile.startTime;
  for (let index = 0; index < profile.samples.length; index += 1) {
    const duration = profile.timeDeltas[index] ?? 0;
    at += duration;
    samples.push({ at, duration, idle: idleNodes.has(profile.samples[index] ?? -1) });
  }
  return samples;
}

/**
 * The busy share (0..1) of each slice of `sliceUs` from `fromUs` to `toUs`; null where the
 * profile has no sample in the slice.
 * @param {Sample[]} samples
 * @param {number} fromUs
 * @param {number} toUs
 * @param {number} sliceUs
 * @returns {(number | null)[]}
 */
function busyShares(samples, fromUs, toUs, sliceUs) {
  const count = Math.floor((toUs - fromUs) / sliceUs);
  const busy = new Float64Array(count);
  const total = new Float64Array(count);
  for (const sample of samples) {
    if (sample.at < fromUs || sample.at >= fromUs + count * sliceUs) continue;
    const slice = Math.floor((sample.at - fromUs) / sliceUs);
    total[slice] = (total[slice] ?? 0) + sample.duration;
    if (!sample.idle) busy[slice] = (busy[slice] ?? 0) + sample.duration;
  }
  return Array.from(total, (time, slice) => (time > 0 ? (busy[slice] ?? 0) / time : null));
}

/**
 * Pearson's correlation of two equally long series; NaN when either does not vary.
 * @param {number[]} xs
 * @param {number[]} ys
 */
function correlation(xs, ys) {
  const mx = mean(xs);
  const my = mean(ys);
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let index = 0; index < xs.length; index += 1) {
    const dx = (xs[index] ?? 0) - mx;
    const dy = (ys[index] ?? 0) - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  return sxx === 0 || syy === 0 ? Number.NaN : sxy / Math.sqrt(sxx * syy);
}

/**
 * How the first process's work and the second's overlap over a window measured from the first
 * profile's start.
 * @param {CpuProfile} first
 * @param {CpuProfile} second
 * @param {{ fromSeconds: number, toSeconds: number, sliceMs: number }} window
 */
function profileOverlap(first, second, window) {
  const fromUs = first.startTime + window.fromSeconds * 1e6;
  const toUs = first.startTime + window.toSeconds * 1e6;
  const sliceUs = window.sliceMs * 1000;
  const a = busyShares(samplesOf(first), fromUs, toUs, sliceUs);
  const b = busyShares(samplesOf(second), fromUs, toUs, sliceUs);
  /** @type {number[]} */
  const xs = [];
  /** @type {number[]} */
  const ys = [];
  a.forEach((share, slice) => {
    const other = b[slice];
    if (share === null || other === null || other === undefined) return;
    xs.push(share);
    ys.push(other);
  });
  const whileFirstWaits = ys.filter((_, index) => (xs[index] ?? 1) < 0.5);
  return {
    slices: xs.length,
    firstBusy: mean(xs),
    secondBusy: mean(ys),
    correlation: correlation(xs, ys),
    /** Slices in which the first process was idle more than half the time. */
    firstWaitingSlices: whileFirstWaits.length,
    /** The second's busy share in those slices (null when there are none). */
    secondBusyWhileFirstWaits: whileFirstWaits.length === 0 ? null : mean(whileFirstWaits),
  };
}

module.exports = { busyShares, correlation, profileOverlap, samplesOf };
