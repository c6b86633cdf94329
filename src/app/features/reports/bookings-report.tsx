import type { TimeGroup } from './periods.ts';
import { DataTable } from './charts/data-table.tsx';
import { TimeChart } from './charts/time-chart.tsx';
import { count, percent, periodText, periodTick, share } from './format.ts';
import type { Answer, BookingsRow } from './reports-api.ts';
import { BOOKINGS_TEXTS as T } from './reports-texts.ts';

const sum = (rows: BookingsRow[], field: keyof Omit<BookingsRow, 'period'>) =>
  rows.reduce((total, row) => total + row[field], 0);

/**
 * The bookings report: covers booked, seated and no-show per period with the
 * previous period's booked covers faint behind; the no-show rate; the share
 * of online, phone and walk-in bookings. Each chart with its table.
 */
export function BookingsReport({
  answer,
  group,
}: {
  answer: Answer<BookingsRow>;
  group: TimeGroup;
}) {
  const { rows, previous } = answer;
  const periods = rows.map((row) => row.period);
  const tick = (period: string) => periodTick(period, group);
  const covers = sum(rows, 'covers');
  const previousCovers = sum(previous.rows, 'covers');
  const rate = share(sum(rows, 'noShowCovers'), covers);
  const previousRate = share(sum(previous.rows, 'noShowCovers'), previousCovers);
  const sources = [
    { key: 'online', label: T.online },
    { key: 'phone', label: T.phone },
    { key: 'walkIn', label: T.walkIn },
  ] as const;
  // The three sources' sum, so that the shares make the whole.
  const bookings = sources.reduce((total, source) => total + sum(rows, source.key), 0);
  return (
    <>
      <TimeChart
        kind="lines"
        periods={periods}
        tick={tick}
        valueText={count}
        summary={T.summary(
          count(covers),
          count(previousCovers),
          count(sum(rows, 'seatedCovers')),
          count(sum(rows, 'noShowCovers')),
        )}
        series={[
          {
            key: 'previous',
            label: T.previousLegend,
            values: previous.rows.map((row) => row.covers),
            faint: true,
          },
          { key: 'covers', label: T.covers, values: rows.map((row) => row.covers) },
          { key: 'seated', label: T.seated, values: rows.map((row) => row.seatedCovers) },
          { key: 'no-show', label: T.noShow, values: rows.map((row) => row.noShowCovers) },
        ]}
      />
      <DataTable
        caption={T.caption}
        columns={[
          { label: T.period },
          { label: T.covers, numeric: true },
          { label: T.seated, numeric: true },
          { label: T.noShow, numeric: true },
          { label: T.cancelled, numeric: true },
          { label: T.previousCovers, numeric: true },
        ]}
        rows={rows.map((row, index) => [
          periodText(row.period, group),
          count(row.covers),
          count(row.seatedCovers),
          count(row.noShowCovers),
          count(row.cancelledCovers),
          previous.rows[index] ? count(previous.rows[index].covers) : '—',
        ])}
      />

      <h3 className="report__subtitle">{T.rateTitle}</h3>
      <TimeChart
        kind="lines"
        periods={periods}
        tick={tick}
        valueText={percent}
        integers={false}
        minTop={0.1}
        summary={T.rateSummary(percent(rate), percent(previousRate))}
        series={[
          {
            key: 'previous',
            label: T.previousRate,
            values: previous.rows.map((row) => share(row.noShowCovers, row.covers)),
            faint: true,
          },
          {
            key: 'no-show',
            label: T.rate,
            values: rows.map((row) => share(row.noShowCovers, row.covers)),
          },
        ]}
      />
      <DataTable
        caption={T.rateCaption}
        columns={[
          { label: T.period },
          { label: T.rate, numeric: true },
          { label: T.previousRate, numeric: true },
        ]}
        rows={rows.map((row, index) => {
          const before = previous.rows[index];
          return [
            periodText(row.period, group),
            percent(share(row.noShowCovers, row.covers)),
            before ? percent(share(before.noShowCovers, before.covers)) : '—',
          ];
        })}
      />

      <h3 className="report__subtitle">{T.sourcesTitle}</h3>
      <TimeChart
        kind="stacked"
        periods={periods}
        tick={tick}
        valueText={count}
        summary={T.sourcesSummary(
          sources
            .map((source) => `${source.label} ${percent(share(sum(rows, source.key), bookings))}`)
            .join(', '),
        )}
        series={sources.map((source) => ({
          key: source.key,
          label: source.label,
          values: rows.map((row) => row[source.key]),
        }))}
      />
      <DataTable
        caption={T.sourcesCaption}
        columns={[
          { label: T.source },
          { label: T.bookings, numeric: true },
          { label: T.share, numeric: true },
          { label: T.previousBookings, numeric: true },
        ]}
        rows={sources.map((source) => [
          source.label,
          count(sum(rows, source.key)),
          percent(share(sum(rows, source.key), bookings)),
          count(sum(previous.rows, source.key)),
        ])}
      />
    </>
  );
}
