import { scaleBand } from '@visx/scale';
import { useWidth } from './use-width.ts';

/** One cell: a pickup slot on a weekday (1 Monday … 7 Sunday), its load against its limit (null: no limit). */
export interface HeatCell {
  weekday: number;
  time: string;
  load: number | null;
}

/** The load's shade: empty, up to a quarter, a half, three quarters, under the limit, at or past it. */
export function heatLevel(load: number | null): number {
  if (load === null || load <= 0) return 0;
  if (load >= 1) return 5;
  return Math.min(4, Math.floor(load * 4) + 1);
}

const ROW = 22;
const HEAD = 22;
const TIMES = 44;

/**
 * The takeaway's load per pickup slot (rows) and weekday (columns), each
 * cell shaded by its share of the limit and, where a cell has the room,
 * written in it. An SVG image labelled by `summary`; its table follows.
 */
export function HeatMap({
  cells,
  days,
  percent,
  summary,
}: {
  cells: HeatCell[];
  /** The weekdays' short names, Monday first. */
  days: readonly string[];
  percent: (load: number) => string;
  summary: string;
}) {
  const { ref, width } = useWidth<HTMLDivElement>();
  const times = [...new Set(cells.map((cell) => cell.time))].sort();
  const height = HEAD + Math.max(times.length, 1) * ROW;
  const x = scaleBand({ domain: [1, 2, 3, 4, 5, 6, 7], range: [TIMES, width], paddingInner: 0.06 });
  const y = scaleBand({ domain: times, range: [HEAD, height], paddingInner: 0.1 });
  const written = x.bandwidth() >= 40;
  return (
    <div ref={ref} className="report-chart">
      <svg
        role="img"
        aria-label={summary}
        width={width}
        height={height}
        viewBox={`0 0 ${width} ${height}`}
        className="report-chart__svg"
      >
        {days.map((day, index) => (
          <text
            key={day}
            className="report-chart__tick"
            x={(x(index + 1) ?? 0) + x.bandwidth() / 2}
            y={14}
            fontSize={12}
            textAnchor="middle"
          >
            {day}
          </text>
        ))}
        {times.map((time) => (
          <text
            key={time}
            className="report-chart__tick"
            x={TIMES - 6}
            y={(y(time) ?? 0) + y.bandwidth() / 2 + 4}
            fontSize={12}
            textAnchor="end"
          >
            {time}
          </text>
        ))}
        {cells.map((cell) => (
          <g key={`${cell.weekday}-${cell.time}`}>
            <rect
              className={`report-heat report-heat--${heatLevel(cell.load)}`}
              x={x(cell.weekday)}
              y={y(cell.time)}
              width={x.bandwidth()}
              height={y.bandwidth()}
              rx={3}
            />
            {written && cell.load !== null && cell.load > 0 ? (
              <text
                className={`report-heat__text report-heat__text--${heatLevel(cell.load)}`}
                x={(x(cell.weekday) ?? 0) + x.bandwidth() / 2}
                y={(y(cell.time) ?? 0) + y.bandwidth() / 2 + 4}
                fontSize={11}
                textAnchor="middle"
              >
                {percent(cell.load)}
              </text>
            ) : null}
          </g>
        ))}
      </svg>
    </div>
  );
}
