/*
 * Pure geometry of the rate charts: decimal strings in, SVG coordinates out. Drawing needs no
 * exactness (a pixel is far coarser than a rate's fourth decimal), so values become numbers here
 * and only here; every figure a visitor reads as text comes from the service's decimal strings.
 */

export interface ChartSeries {
  /** Legend text, e.g. 'Kurs średni NBP', 'Kupno', 'Sprzedaż'. */
  label: string;
  /** Decimal strings, one per date of the chart; '' where the series has no value that day. */
  values: string[];
}

export interface ChartData {
  /** Effective dates ('YYYY-MM-DD'), oldest first, shared by every series. */
  dates: string[];
  series: ChartSeries[];
}

export interface ChartBox {
  width: number;
  height: number;
  /** Room for the value labels on the left and the date labels below. */
  left: number;
  right: number;
  top: number;
  bottom: number;
}

export const CHART_BOX: ChartBox = { width: 640, height: 260, left: 56, right: 12, top: 12, bottom: 28 };

/** Charts draw at most this many points per series; longer histories are thinned evenly. */
export const MAX_CHART_POINTS = 250;

export interface ChartTick {
  /** Position along the axis (y for values, x for dates). */
  at: number;
  value: number;
}

export interface ChartGeometry {
  /** x of each date. */
  xs: number[];
  /** Per series, y of each date (null where the series has no value). */
  ys: (number | null)[][];
  /** SVG path ('M…L…') per series. */
  paths: string[];
  yTicks: ChartTick[];
  /** Indices of the dates labelled under the chart. */
  xLabels: number[];
  min: number;
  max: number;
}

/** Keeps at most `limit` dates, evenly spread, always the first and the last. */
export function thinChart(data: ChartData, limit = MAX_CHART_POINTS): ChartData {
  const count = data.dates.length;
  if (count <= limit) return data;
  const keep: number[] = [];
  for (let i = 0; i < limit; i += 1) keep.push(Math.round((i * (count - 1)) / (limit - 1)));
  const unique = [...new Set(keep)];
  return {
    dates: unique.map((index) => data.dates[index] ?? ''),
    series: data.series.map((series) => ({
      label: series.label,
      values: unique.map((index) => series.values[index] ?? ''),
    })),
  };
}

/** 'Nice' steps (1, 2, 2.5, 5 × 10^n) so the value labels read as round numbers. */
export function niceStep(span: number, count: number): number {
  const raw = span / Math.max(1, count);
  if (!(raw > 0) || !Number.isFinite(raw)) return 1;
  const power = 10 ** Math.floor(Math.log10(raw));
  // The tolerance keeps float noise (4.4 − 4.2 = 0.2000000000000002) from jumping a step.
  const fraction = raw / power - 1e-9;
  const nice = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 2.5 ? 2.5 : fraction <= 5 ? 5 : 10;
  return nice * power;
}

const round = (value: number) => Math.round(value * 10) / 10;

export function chartGeometry(data: ChartData, box: ChartBox = CHART_BOX): ChartGeometry | null {
  const numbers = data.series.map((series) =>
    series.values.map((value) => (value === '' ? null : Number(value))),
  );
  const all = numbers.flat().filter((value): value is number => value !== null && Number.isFinite(value));
  if (data.dates.length === 0 || all.length === 0) return null;
  let min = Math.min(...all);
  let max = Math.max(...all);
  if (min === max) {
    // A flat line sits in the middle of a small band around its value.
    const pad = Math.abs(min) * 0.01 || 1;
    min -= pad;
    max += pad;
  }
  const step = niceStep(max - min, 4);
  const low = Math.floor(min / step) * step;
  const high = Math.ceil(max / step) * step;
  const plotWidth = box.width - box.left - box.right;
  const plotHeight = box.height - box.top - box.bottom;
  const count = data.dates.length;
  const xs = data.dates.map((_, index) =>
    round(box.left + (count === 1 ? plotWidth / 2 : (index * plotWidth) / (count - 1))),
  );
  const y = (value: number) => round(box.top + ((high - value) / (high - low)) * plotHeight);
  const ys = numbers.map((values) =>
    values.map((value) => (value === null || !Number.isFinite(value) ? null : y(value))),
  );
  const paths = ys.map((points) => {
    let path = '';
    let pen = false;
    points.forEach((point, index) => {
      if (point === null) {
        pen = false;
        return;
      }
      path += `${pen ? 'L' : 'M'}${xs[index]} ${point}`;
      pen = true;
    });
    return path;
  });
  const yTicks: ChartTick[] = [];
  // Integer steps avoid 0.1 + 0.2 drift in the labels.
  const steps = Math.round((high - low) / step);
  for (let i = 0; i <= steps; i += 1) {
    const value = low + i * step;
    yTicks.push({ at: y(value), value: Number(value.toPrecision(12)) });
  }
  const xLabels = count === 1 ? [0] : [...new Set([0, Math.round((count - 1) / 2), count - 1])];
  return { xs, ys, paths, yTicks, xLabels, min: low, max: high };
}

/** Decimal places the value labels need for a step (0.05 → 2, 0.0025 → 4). */
export function tickDecimals(ticks: readonly ChartTick[]): number {
  if (ticks.length < 2) return 2;
  const step = Math.abs(ticks[1]!.value - ticks[0]!.value);
  for (let digits = 0; digits <= 6; digits += 1) {
    if (Math.abs(Math.round(step * 10 ** digits) - step * 10 ** digits) < 1e-9) return Math.max(digits, 0);
  }
  return 6;
}

/** The index of the date nearest to an x position (the pointer's), for the interactive chart. */
export function nearestIndex(xs: readonly number[], x: number): number {
  let best = 0;
  for (let i = 1; i < xs.length; i += 1) if (Math.abs(xs[i]! - x) < Math.abs(xs[best]! - x)) best = i;
  return best;
}
