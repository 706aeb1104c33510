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
const { columns, percent } = require('./lib/report.cjs');

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

/**
 * A V8 CPU profile read from `file`, or the process ends with what is wrong with it.
 * @param {string} file
 * @returns {import('./lib/profile-overlap.cjs').CpuProfile}
 */
function readProfile(file) {
  let profile;
  try {
    profile = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    console.error(
      `${file}: cannot read it as JSON (${error instanceof Error ? error.message : String(error)})`,
    );
    process.exit(2);
  }
  const valid =
    profile !== null &&
    typeof profile === 'object' &&
    Array.isArray(profile.nodes) &&
    Array.isArray(profile.samples) &&
    Array.isArray(profile.timeDeltas) &&
    typeof profile.startTime === 'number';
  if (!valid) {
    console.error(`${file}: not a V8 CPU profile (.cpuprofile: nodes, samples, timeDeltas, startTime)`);
    process.exit(2);
  }
  return profile;
}

const first = readProfile(firstFile);
const second = readProfile(secondFile);

const lastSeconds = Math.ceil(first.timeDeltas.reduce((sum, delta) => sum + delta, 0) / 1e6) || 1;
const perSecond = busyShares(samplesOf(first), first.startTime, first.startTime + lastSeconds * 1e6, 1e6);
console.log(
  `first profile, idle share per second: ${perSecond
    .map((share, second) => `${second}s ${share === null ? 'n/a' : Math.round(100 * (1 - share))}`)
    .join('  ')}`,
);
console.log(`window ${fromSeconds}–${toSeconds} s from the first profile's start`);
const rows = slices.map((sliceMs) => {
  const o = profileOverlap(first, second, { fromSeconds, toSeconds, sliceMs });
  return [
    `${sliceMs} ms`,
    String(o.slices),
    percent(o.firstBusy),
    percent(o.secondBusy),
    Number.isNaN(o.correlation) ? 'n/a' : o.correlation.toFixed(2),
    String(o.firstWaitingSlices),
    percent(o.secondBusyWhileFirstWaits),
  ];
});
console.log(
  columns(
    ['slice', 'slices', 'first busy', 'second busy', 'correlation', 'first waiting', 'second busy then'],
    rows,
    new Set([0]),
  ),
);
