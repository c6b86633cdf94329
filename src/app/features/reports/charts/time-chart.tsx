import { scaleBand, scaleLinear } from '@visx/scale';
import { LinePath } from '@visx/shape';
import { labelStep, useWidth } from './use-width.ts';

/** One line or one layer of bars over the periods. */
export interface Series {
  key: string;
  label: string;
  values: number[];
  /** The previous period's: drawn faint, behind. */
  faint?: boolean;
}

const HEIGHT = 220;
const MARGIN = { top: 12, right: 12, bottom: 28, left: 44 };

/**
 * Values over the periods, as lines (`kind="lines"`: the previous period's
 * faint and dashed behind) or as stacked bars (`kind="stacked"`: the parts of
 * each period's whole). An SVG image labelled by `summary`; its numbers are
 * the table that follows it. The y axis starts at zero and shows at least one
 * unit, so a period of zeros still draws its axes and a flat line.
 */
export function TimeChart({
  kind,
  periods,
  tick,
  series,
  valueText,
  summary,
  integers = true,
  minTop = 4,
}: {
  kind: 'lines' | 'stacked';
  periods: string[];
  tick: (period: string) => string;
  series: Series[];
  valueText: (value: number) => string;
  summary: string;
  /** Counts: the axis labels only whole numbers. */
  integers?: boolean;
  /** The least the y axis reaches, so that zeros and small counts keep a readable scale. */
  minTop?: number;
}) {
  const { ref, width } = useWidth<HTMLDivElement>();
  const innerWidth = Math.max(width - MARGIN.left - MARGIN.right, 40);
  const innerHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const x = scaleBand({ domain: periods, range: [0, innerWidth], padding: 0.2 });
  const totals = periods.map((_, index) =>
    kind === 'stacked'
      ? series.reduce((sum, line) => sum + (line.values[index] ?? 0), 0)
      : Math.max(0, ...series.map((line) => line.values[index] ?? 0)),
  );
  const top = Math.max(...totals, minTop);
  const y = scaleLinear({ domain: [0, top], range: [innerHeight, 0], nice: true });
  const step = labelStep(periods.length, innerWidth);
  const centre = (period: string) => (x(period) ?? 0) + x.bandwidth() / 2;
  const yTicks = y
    .ticks(width < 600 ? 4 : 6)
    .filter((value) => !integers || Number.isInteger(value));

  return (
    <div ref={ref} className="report-chart">
      <svg
        role="img"
        aria-label={summary}
        width={width}
        height={HEIGHT}
        viewBox={`0 0 ${width} ${HEIGHT}`}
        className="report-chart__svg"
      >
        <g transform={`translate(${MARGIN.left},${MARGIN.top})`}>
          {yTicks.map((value) => (
            <line
              key={value}
              className="report-chart__grid"
              x1={0}
              x2={innerWidth}
              y1={y(value)}
              y2={y(value)}
            />
          ))}
          {kind === 'stacked'
            ? periods.map((period, index) => {
                let base = 0;
                return series.map((part) => {
                  const value = part.values[index] ?? 0;
                  const bottom = base;
                  base += value;
                  return value > 0 ? (
                    <rect
                      key={`${period}-${part.key}`}
                      className={`report-chart__bar report-chart--${part.key}`}
                      x={x(period)}
                      width={x.bandwidth()}
                      y={y(bottom + value)}
                      height={y(bottom) - y(bottom + value)}
                    />
                  ) : null;
                });
              })
            : series.map((line) => (
                <g key={line.key}>
                  <LinePath
                    data={periods.slice(0, line.values.length)}
                    x={centre}
                    y={(_, index) => y(line.values[index] ?? 0)}
                    className={`report-chart__line report-chart--${line.key}${line.faint ? ' report-chart__line--faint' : ''}`}
                  />
                  {line.faint || periods.length > 62
                    ? null
                    : periods.map((period, index) => (
                        <circle
                          key={period}
                          className={`report-chart__dot report-chart--${line.key}`}
                          cx={centre(period)}
                          cy={y(line.values[index] ?? 0)}
                          r={periods.length > 31 ? 1.5 : 2.5}
                        />
                      ))}
                </g>
              ))}
          {yTicks.map((value) => (
            <text
              key={value}
              className="report-chart__tick"
              x={-6}
              y={y(value) + 4}
              fontSize={12}
              textAnchor="end"
            >
              {valueText(value)}
            </text>
          ))}
          <line
            className="report-chart__axis"
            x1={0}
            x2={innerWidth}
            y1={innerHeight}
            y2={innerHeight}
          />
          {periods
            .filter((_, index) => index % step === 0)
            .map((period) => (
              <g key={period} transform={`translate(${centre(period)},${innerHeight})`}>
                <line className="report-chart__tick-line" y2={5} />
                <text className="report-chart__tick" y={18} fontSize={12} textAnchor="middle">
                  {tick(period)}
                </text>
              </g>
            ))}
        </g>
      </svg>
      <ul className="report-legend" aria-hidden="true">
        {series.map((line) => (
          <li key={line.key}>
            <span
              className={`report-legend__swatch report-chart--${line.key}${line.faint ? ' report-legend__swatch--faint' : ''}`}
            />
            {line.label}
          </li>
        ))}
      </ul>
    </div>
  );
}
