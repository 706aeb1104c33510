import { islandMarker } from '../../app/island-marker';
import { CHART_BOX, type ChartData, chartGeometry, thinChart, tickDecimals } from './chart-geometry';
import { readoutText } from './chart-readout';
import { formatAxisNumber, formatIsoDate } from '../../shared/rates-format';

export interface RateChartProps {
  /** Accessible name of the chart, e.g. 'Kurs EUR/PLN w ostatnim miesiącu'. */
  title: string;
  data: ChartData;
  /** Unit written after values in the readout ('zł', 'USD'). */
  unit: string;
}

/**
 * A rate history as server-rendered SVG: axes with round value labels, dates under the plot, one
 * line per series and, below, the values of the latest date. It reads without JavaScript; the
 * rate-chart island adds a crosshair that follows the pointer or the arrow keys and rewrites the
 * readout for the date under it.
 */
export function RateChart({ title, data, unit }: RateChartProps) {
  const shown = thinChart(data);
  const geometry = chartGeometry(shown);
  if (!geometry) return <p className="rate-chart__empty">Brak notowań w tym okresie.</p>;
  const digits = tickDecimals(geometry.yTicks);
  const last = shown.dates.length - 1;
  const { width, height, left, right, bottom } = CHART_BOX;
  return (
    <figure
      className="rate-chart"
      {...islandMarker('rate-chart')}
      data-chart={JSON.stringify(shown)}
      data-unit={unit}
    >
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-label={title} className="rate-chart__svg">
        <title>{title}</title>
        <g className="rate-chart__grid" aria-hidden="true">
          {geometry.yTicks.map((tick) => (
            <g key={tick.value}>
              <line x1={left} x2={width - right} y1={tick.at} y2={tick.at} />
              <text x={left - 6} y={tick.at} dy="0.32em" textAnchor="end">
                {formatAxisNumber(tick.value, digits)}
              </text>
            </g>
          ))}
          {geometry.xLabels.map((index) => (
            <text
              key={index}
              x={geometry.xs[index]}
              y={height - bottom + 18}
              textAnchor={index === 0 && shown.dates.length > 1 ? 'start' : index === last ? 'end' : 'middle'}
            >
              {formatIsoDate(shown.dates[index] ?? '')}
            </text>
          ))}
        </g>
        {geometry.paths.map((path, index) => (
          <path
            key={shown.series[index]?.label ?? index}
            d={path}
            className={`rate-chart__line rate-chart__line--${index}`}
          />
        ))}
        {/* A history of one date (a bank's single shipped table) is a point, not a line. */}
        {shown.dates.length === 1 &&
          geometry.ys.map((ys, index) =>
            ys[0] === null || ys[0] === undefined ? null : (
              <circle
                key={index}
                cx={geometry.xs[0]}
                cy={ys[0]}
                r={4}
                className={`rate-chart__dot rate-chart__dot--${index}`}
              />
            ),
          )}
        <g className="rate-chart__cursor" data-cursor="" visibility="hidden" aria-hidden="true">
          <line y1={CHART_BOX.top} y2={height - bottom} />
        </g>
      </svg>
      <figcaption>
        {shown.series.length > 1 && (
          <ul className="rate-chart__legend">
            {shown.series.map((series, index) => (
              <li key={series.label} className={`rate-chart__key rate-chart__key--${index}`}>
                {series.label}
              </li>
            ))}
          </ul>
        )}
        <p className="rate-chart__readout" data-readout="" aria-live="polite">
          {readoutText(shown, last, unit)}
        </p>
      </figcaption>
    </figure>
  );
}
