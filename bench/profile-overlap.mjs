// Whether two processes of one profiled run worked side by side or took turns (the gateway waiting
// for a service's answers while the service waits for the gateway's calls): their busy shares per
// time slice and the correlation of the two. The profiles are V8 .cpuprofile files written in the
// same run (PROFILE_DIR, see README.md "Profiles"); the window is counted from the first profile's
// start, so choose one inside the load (the idle share per second, printed first, shows where it is).
//
// Usage: npm run bench:profile-overlap -- <first.cpuprofile> <second.cpuprofile>
//          [--from 5] [--to 15] [--slice 5,20]
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { parseArgs } from 'node:util';

const require = createRequire(import.meta.url);
const { busyShares, profileOverlap, samplesOf } = require('./lib/profile-overlap.cjs');

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    from: { type: 'string', default: '5' },
    to: { type: 'string', default: '15' },
    slice: { type: 'string', default: '5,20' },
  },
});
if (positionals.length !== 2) {
  console.error(
    'usage: npm run bench:profile-overlap -- <first.cpuprofile> <second.cpuprofile> [--from s] [--to s] [--slice ms,…]',
  );
  process.exit(2);
}
const fromSeconds = Number(values.from);
const toSeconds = Number(values.to);
const slices = values.slice.split(',').map(Number);
if (!(fromSeconds >= 0 && toSeconds > fromSeconds) || slices.some((ms) => !(ms > 0))) {
  console.error(
    '--from and --to: seconds from the first profile’s start, from < to; --slice: milliseconds > 0',
  );
  process.exit(2);
}

const [firstFile = '', secondFile = ''] = positionals;
/** @type {import('./lib/profile-overlap.cjs').CpuProfile} */
const first = JSON.parse(readFileSync(firstFile, 'utf8'));
/** @type {import('./lib/profile-overlap.cjs').CpuProfile} */
const second = JSON.parse(readFileSync(secondFile, 'utf8'));
/** @param {number | null} share */
const percent = (share) => (share === null ? '—' : `${(100 * share).toFixed(1)} %`);

const lastSeconds = Math.ceil(first.timeDeltas.reduce((sum, delta) => sum + delta, 0) / 1e6) || 1;
const perSecond = busyShares(samplesOf(first), first.startTime, first.startTime + lastSeconds * 1e6, 1e6);
console.log(
  `first profile, idle share per second: ${perSecond
    .map((share, second) => `${second}s ${share === null ? '—' : Math.round(100 * (1 - share))}`)
    .join('  ')}`,
);
console.log(`window ${fromSeconds}–${toSeconds} s from the first profile's start`);
console.log('slice  slices  first busy  second busy  correlation  first waiting  second busy then');
for (const sliceMs of slices) {
  const o = profileOverlap(first, second, { fromSeconds, toSeconds, sliceMs });
  console.log(
    [
      `${sliceMs} ms`.padEnd(5),
      String(o.slices).padStart(6),
      percent(o.firstBusy).padStart(10),
      percent(o.secondBusy).padStart(11),
      (Number.isNaN(o.correlation) ? '—' : o.correlation.toFixed(2)).padStart(11),
      String(o.firstWaitingSlices).padStart(13),
      percent(o.secondBusyWhileFirstWaits).padStart(16),
    ].join('  '),
  );
}
