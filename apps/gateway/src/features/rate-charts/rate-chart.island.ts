/**
 * The rate charts' island (marker: islandMarker('rate-chart') in rate-chart.tsx): a crosshair and
 * a dot per series follow the pointer (or the arrow keys once the chart has focus), and the
 * readout under the chart names the date and the values under it. The chart's data comes from its
 * own `data-chart` attribute, drawn by the same geometry the server used.
 */
import { type ChartData, chartGeometry, nearestIndex, CHART_BOX } from './chart-geometry';
import { readoutText } from './chart-readout';

const SVG = 'http://www.w3.org/2000/svg';
const attached = new WeakSet<HTMLElement>();

function parseChart(element: HTMLElement): ChartData | null {
  try {
    const data = JSON.parse(element.dataset['chart'] ?? '') as ChartData;
    return Array.isArray(data.dates) && Array.isArray(data.series) ? data : null;
  } catch {
    return null;
  }
}

export function mount(figure: HTMLElement): void {
  if (attached.has(figure)) return;
  const data = parseChart(figure);
  const svg = figure.querySelector('svg');
  const cursor = figure.querySelector<SVGGElement>('[data-cursor]');
  const readout = figure.querySelector<HTMLElement>('[data-readout]');
  const geometry = data ? chartGeometry(data) : null;
  if (!data || !svg || !cursor || !readout || !geometry) return;
  attached.add(figure);
  const unit = figure.dataset['unit'] ?? '';
  const line = cursor.querySelector('line');
  const dots = geometry.ys.map((_, index) => {
    const dot = document.createElementNS(SVG, 'circle');
    dot.setAttribute('r', '4');
    dot.setAttribute('class', `rate-chart__dot rate-chart__dot--${index}`);
    cursor.appendChild(dot);
    return dot;
  });
  let current = data.dates.length - 1;

  const show = (index: number) => {
    current = Math.max(0, Math.min(data.dates.length - 1, index));
    const x = String(geometry.xs[current] ?? 0);
    line?.setAttribute('x1', x);
    line?.setAttribute('x2', x);
    dots.forEach((dot, series) => {
      const y = geometry.ys[series]?.[current] ?? null;
      dot.setAttribute('visibility', y === null ? 'hidden' : 'visible');
      dot.setAttribute('cx', x);
      dot.setAttribute('cy', String(y ?? 0));
    });
    cursor.setAttribute('visibility', 'visible');
    readout.textContent = readoutText(data, current, unit);
  };

  figure.tabIndex = 0;
  svg.addEventListener('pointermove', (event) => {
    const box = svg.getBoundingClientRect();
    if (box.width === 0) return;
    show(nearestIndex(geometry.xs, ((event.clientX - box.left) * CHART_BOX.width) / box.width));
  });
  figure.addEventListener('keydown', (event) => {
    const step = event.key === 'ArrowLeft' ? -1 : event.key === 'ArrowRight' ? 1 : 0;
    if (event.key === 'Home') show(0);
    else if (event.key === 'End') show(data.dates.length - 1);
    else if (step !== 0) show(current + step);
    else return;
    event.preventDefault();
  });
  figure.dataset['interactive'] = 'true';
}
