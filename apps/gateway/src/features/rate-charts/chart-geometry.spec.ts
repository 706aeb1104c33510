import { CHART_BOX, chartGeometry, nearestIndex, niceStep, thinChart, tickDecimals } from './chart-geometry';
import { readoutText } from './chart-readout';

const DATA = {
  dates: ['2025-04-01', '2025-04-02', '2025-04-03'],
  series: [
    { label: 'Kupno', values: ['4.20', '4.25', '4.30'] },
    { label: 'Sprzedaż', values: ['4.30', '', '4.40'] },
  ],
};

describe('rate chart geometry', () => {
  it('spans the plot with round value ticks around the data', () => {
    const geometry = chartGeometry(DATA)!;
    expect(geometry.xs).toEqual([
      CHART_BOX.left,
      (CHART_BOX.left + CHART_BOX.width - CHART_BOX.right) / 2,
      CHART_BOX.width - CHART_BOX.right,
    ]);
    expect(geometry.min).toBeLessThanOrEqual(4.2);
    expect(geometry.max).toBeGreaterThanOrEqual(4.4);
    expect(geometry.yTicks.map((tick) => tick.value)).toEqual([4.2, 4.25, 4.3, 4.35, 4.4]);
    expect(tickDecimals(geometry.yTicks)).toBe(2);
    // the top tick is at the top of the plot, the bottom one at its bottom
    expect(geometry.yTicks.at(-1)!.at).toBe(CHART_BOX.top);
    expect(geometry.yTicks[0]!.at).toBe(CHART_BOX.height - CHART_BOX.bottom);
  });

  it('lifts the pen over a missing value', () => {
    const geometry = chartGeometry(DATA)!;
    expect(geometry.paths[0]).toMatch(/^M[\d.]+ [\d.]+L[\d.]+ [\d.]+L[\d.]+ [\d.]+$/);
    expect(geometry.paths[1]).toMatch(/^M[\d.]+ [\d.]+M[\d.]+ [\d.]+$/);
    expect(geometry.ys[1]![1]).toBeNull();
  });

  it('draws a flat or single-point history and nothing for an empty one', () => {
    expect(
      chartGeometry({ dates: ['2025-04-01'], series: [{ label: 'x', values: ['4.1'] }] })!.xLabels,
    ).toEqual([0]);
    expect(chartGeometry({ dates: [], series: [] })).toBeNull();
    expect(chartGeometry({ dates: ['2025-04-01'], series: [{ label: 'x', values: [''] }] })).toBeNull();
  });

  it('thins a long history evenly, keeping both ends', () => {
    const dates = Array.from({ length: 1300 }, (_, i) => `d${i}`);
    const thinned = thinChart(
      { dates, series: [{ label: 'x', values: dates.map((_, i) => String(i)) }] },
      250,
    );
    expect(thinned.dates).toHaveLength(250);
    expect(thinned.dates[0]).toBe('d0');
    expect(thinned.dates.at(-1)).toBe('d1299');
    expect(thinned.series[0]!.values.at(-1)).toBe('1299');
  });

  it('picks nice steps and the nearest date to the pointer', () => {
    expect(niceStep(0.2, 4)).toBe(0.05);
    expect(niceStep(7, 4)).toBe(2);
    expect(niceStep(0, 4)).toBe(1);
    expect(nearestIndex([10, 20, 30], 24)).toBe(1);
    expect(nearestIndex([10, 20, 30], 26)).toBe(2);
  });

  it('reads out one date of every series', () => {
    expect(readoutText(DATA, 0, 'zł')).toBe('01.04.2025 – Kupno: 4,2000\u00a0zł, Sprzedaż: 4,3000\u00a0zł');
    expect(readoutText(DATA, 1, 'zł')).toBe('02.04.2025 – Kupno: 4,2500\u00a0zł');
  });
});
