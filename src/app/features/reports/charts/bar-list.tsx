import { scaleLinear } from '@visx/scale';
import { useWidth } from './use-width.ts';

/** One bar: its name, its parts (one for a plain bar) and the figure written after it. */
export interface BarItem {
  label: string;
  parts: { key: string; value: number }[];
  valueText: string;
}

const ROW = 40;
const LABEL = 16;
const BAR = 16;

/**
 * Horizontal bars, each under its name (a dish's name is long; a phone has
 * no room beside the bar), with its figure after it: the top dishes, the
 * events funnel, the languages. Zero draws as a hairline, so every name
 * keeps its row. An SVG image labelled by `summary`; its table follows.
 */
export function BarList({ items, summary }: { items: BarItem[]; summary: string }) {
  const { ref, width } = useWidth<HTMLDivElement>();
  const height = Math.max(items.length, 1) * ROW;
  const totals = items.map((item) => item.parts.reduce((sum, part) => sum + part.value, 0));
  // Room after the longest bar for its figure.
  const x = scaleLinear({
    domain: [0, Math.max(...totals, 1)],
    range: [0, Math.max(width - 96, 40)],
  });
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
        {items.map((item, index) => {
          const top = index * ROW;
          let start = 0;
          return (
            <g key={`${item.label}-${index}`}>
              <text className="report-chart__name" x={0} y={top + 12} fontSize={13}>
                {item.label}
              </text>
              {item.parts.map((part) => {
                const left = start;
                start += x(part.value);
                return (
                  <rect
                    key={part.key}
                    className={`report-chart__bar report-chart--${part.key}`}
                    x={left}
                    y={top + LABEL}
                    width={x(part.value)}
                    height={BAR}
                  />
                );
              })}
              {totals[index] === 0 ? (
                <rect className="report-chart__zero" x={0} y={top + LABEL} width={2} height={BAR} />
              ) : null}
              <text
                className="report-chart__value"
                x={Math.max(start, 2) + 6}
                y={top + LABEL + 12}
                fontSize={12}
              >
                {item.valueText}
              </text>
            </g>
          );
        })}
      </svg>
    </div>
  );
}
