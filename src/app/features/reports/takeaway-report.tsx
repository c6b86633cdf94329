import { DAY_NAMES_IT } from '../../../shared/schemas/opening-hours.ts';
import type { TimeGroup } from './periods.ts';
import { DataTable } from './charts/data-table.tsx';
import { HeatMap, type HeatCell } from './charts/heat-map.tsx';
import { TimeChart } from './charts/time-chart.tsx';
import { count, money, percent, periodText, periodTick, wholePercent } from './format.ts';
import type { Answer, TakeawayRow, TakeawaySlotRow } from './reports-api.ts';
import { TAKEAWAY_TEXTS as T } from './reports-texts.ts';

/** Weekdays, Monday first: short on the chart, whole in the table. */
const SHORT_DAYS = ['lun', 'mar', 'mer', 'gio', 'ven', 'sab', 'dom'] as const;
const DAYS = DAY_NAMES_IT.slice(1);

/** Money summed in cents, so that a sum of decimal strings stays exact. */
const cents = (amount: string) => Math.round(Number(amount) * 100);
const moneySum = (rows: TakeawayRow[]) =>
  (rows.reduce((total, row) => total + cents(row.collectedTotal), 0) / 100).toFixed(2);

/** The takeaway report over time: orders per period, the previous period faint behind. */
export function TakeawayReport({
  answer,
  group,
}: {
  answer: Answer<TakeawayRow>;
  group: TimeGroup;
}) {
  const { rows, previous } = answer;
  const orders = rows.reduce((total, row) => total + row.orders, 0);
  const previousOrders = previous.rows.reduce((total, row) => total + row.orders, 0);
  return (
    <>
      <TimeChart
        kind="lines"
        periods={rows.map((row) => row.period)}
        tick={(period) => periodTick(period, group)}
        valueText={count}
        summary={T.summary(count(orders), count(previousOrders), money(moneySum(rows)))}
        series={[
          {
            key: 'previous',
            label: T.previousLegend,
            values: previous.rows.map((row) => row.orders),
            faint: true,
          },
          { key: 'covers', label: T.orders, values: rows.map((row) => row.orders) },
          { key: 'no-show', label: T.noShows, values: rows.map((row) => row.noShows) },
        ]}
      />
      <DataTable
        caption={T.caption}
        columns={[
          { label: T.period },
          { label: T.orders, numeric: true },
          { label: T.items, numeric: true },
          { label: T.collected, numeric: true },
          { label: T.noShows, numeric: true },
          { label: T.previousOrders, numeric: true },
        ]}
        rows={rows.map((row, index) => [
          periodText(row.period, group),
          count(row.orders),
          count(row.items),
          money(row.collectedTotal),
          count(row.noShows),
          previous.rows[index] ? count(previous.rows[index].orders) : '—',
        ])}
      />
    </>
  );
}

/** A slot's load: its busier resource's average against that resource's limit (null: no limit). */
export function slotLoad(row: TakeawaySlotRow): number | null {
  const loads = [
    row.ovenLimit > 0 ? row.oven / row.ovenLimit : null,
    row.kitchenLimit > 0 ? row.kitchen / row.kitchenLimit : null,
  ].filter((load) => load !== null);
  return loads.length ? Math.max(...loads) : null;
}

/**
 * The heat map of the takeaway's load per pickup slot and weekday against the
 * limit, and its table: a row per slot, a column per weekday, each cell the
 * busier resource's share of its limit.
 */
export function TakeawaySlots({ answer }: { answer: Answer<TakeawaySlotRow> }) {
  const { rows } = answer;
  if (rows.length === 0) return <p>{T.noSlots}</p>;
  const cells: HeatCell[] = rows.map((row) => ({
    weekday: row.weekday,
    time: row.time,
    load: slotLoad(row),
  }));
  const busiest = cells.reduce<HeatCell | null>(
    (best, cell) => ((cell.load ?? 0) > (best?.load ?? 0) ? cell : best),
    null,
  );
  const times = [...new Set(rows.map((row) => row.time))].sort();
  const at = (weekday: number, time: string) =>
    rows.find((row) => row.weekday === weekday && row.time === time);
  return (
    <>
      <p className="staff-panel__intro">{T.heatIntro}</p>
      <HeatMap
        cells={cells}
        days={SHORT_DAYS}
        percent={wholePercent}
        summary={T.heatSummary(
          busiest?.load
            ? T.busiest(DAYS[busiest.weekday - 1] ?? '', busiest.time, percent(busiest.load))
            : '',
        )}
      />
      <HeatLegend />
      <DataTable
        caption={T.heatCaption}
        columns={[
          { label: T.time },
          ...DAYS.map((day, index) => ({ label: day, short: SHORT_DAYS[index], numeric: true })),
        ]}
        rows={times.map((time) => [
          time,
          ...DAYS.map((_, index) => {
            const row = at(index + 1, time);
            const load = row ? slotLoad(row) : null;
            return row && load !== null ? wholePercent(load) : T.noLimit;
          }),
        ])}
      />
    </>
  );
}

function HeatLegend() {
  const steps = ['0', '< 25%', '< 50%', '< 75%', '< 100%', '≥ 100%'];
  return (
    <p className="report-heat-legend" aria-hidden="true">
      <span>{T.scale}</span>
      {steps.map((step, level) => (
        <span key={step} className="report-heat-legend__step">
          <span className={`report-heat-legend__swatch report-heat--${level}`} />
          {step}
        </span>
      ))}
    </p>
  );
}
