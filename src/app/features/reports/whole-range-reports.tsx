import { LANGUAGE_LABELS_IT } from '../../../shared/languages.ts';
import { BarList } from './charts/bar-list.tsx';
import { DataTable } from './charts/data-table.tsx';
import { count, money } from './format.ts';
import type { Answer, DishRow, EventsRow, LanguagesRow } from './reports-api.ts';
import { DISHES_TEXTS, EVENTS_TEXTS, LANGUAGES_TEXTS } from './reports-texts.ts';

/** The dishes shown: the first ten (the CSV has them all). */
export const TOP_DISHES = 10;

/** The top dishes by quantity, with what they took. */
export function DishesReport({ answer }: { answer: Answer<DishRow> }) {
  const T = DISHES_TEXTS;
  const top = answer.rows.slice(0, TOP_DISHES);
  if (top.length === 0) return <p>{T.empty}</p>;
  return (
    <>
      <BarList
        summary={T.summary(top.map((dish) => `${dish.name} ${count(dish.quantity)}`).join(', '))}
        items={top.map((dish) => ({
          label: dish.name,
          parts: [{ key: 'covers', value: dish.quantity }],
          valueText: count(dish.quantity),
        }))}
      />
      <DataTable
        caption={T.caption}
        columns={[
          { label: T.dish },
          { label: T.quantity, numeric: true },
          { label: T.total, numeric: true },
        ]}
        rows={top.map((dish) => [dish.name, count(dish.quantity), money(dish.total)])}
      />
    </>
  );
}

/**
 * The events funnel: every request received, then those still being talked
 * about, those confirmed, and those lost (a request's status is where it
 * stands now).
 */
export function EventsReport({ answer }: { answer: Answer<EventsRow> }) {
  const T = EVENTS_TEXTS;
  const of = (status: EventsRow['status']) =>
    answer.rows.find((row) => row.status === status) ?? { status, count: 0, guests: 0 };
  const received = answer.rows.reduce((total, row) => total + row.count, 0);
  const receivedGuests = answer.rows.reduce((total, row) => total + row.guests, 0);
  const steps = [
    { key: 'received', label: T.received, count: received, guests: receivedGuests },
    ...(['new', 'talking', 'confirmed', 'lost'] as const).map((status) => ({
      key: status,
      label: T.statuses[status],
      ...of(status),
    })),
  ];
  return (
    <>
      <BarList
        summary={T.summary(
          count(received),
          count(of('talking').count),
          count(of('confirmed').count),
          count(of('lost').count),
        )}
        items={steps.map((step) => ({
          label: step.label,
          parts: [{ key: `event-${step.key}`, value: step.count }],
          valueText: count(step.count),
        }))}
      />
      <DataTable
        caption={T.caption}
        columns={[
          { label: T.status },
          { label: T.count, numeric: true },
          { label: T.guests, numeric: true },
        ]}
        rows={steps.map((step) => [step.label, count(step.count), count(step.guests)])}
      />
    </>
  );
}

/** Guests' languages: bookings, orders and event requests per language, stacked. */
export function LanguagesReport({ answer }: { answer: Answer<LanguagesRow> }) {
  const T = LANGUAGES_TEXTS;
  const rows = answer.rows;
  const total = (row: LanguagesRow) => row.bookings + row.orders + row.events;
  return (
    <>
      <BarList
        summary={T.summary(
          rows.map((row) => `${LANGUAGE_LABELS_IT[row.lang]} ${count(total(row))}`).join(', '),
        )}
        items={rows.map((row) => ({
          label: LANGUAGE_LABELS_IT[row.lang],
          parts: [
            { key: 'lang-bookings', value: row.bookings },
            { key: 'lang-orders', value: row.orders },
            { key: 'lang-events', value: row.events },
          ],
          valueText: count(total(row)),
        }))}
      />
      <ul className="report-legend" aria-hidden="true">
        <li>
          <span className="report-legend__swatch report-chart--lang-bookings" />
          {T.bookings}
        </li>
        <li>
          <span className="report-legend__swatch report-chart--lang-orders" />
          {T.orders}
        </li>
        <li>
          <span className="report-legend__swatch report-chart--lang-events" />
          {T.events}
        </li>
      </ul>
      <DataTable
        caption={T.caption}
        columns={[
          { label: T.lang },
          { label: T.bookings, numeric: true },
          { label: T.orders, numeric: true },
          { label: T.events, numeric: true },
        ]}
        rows={rows.map((row) => [
          LANGUAGE_LABELS_IT[row.lang],
          count(row.bookings),
          count(row.orders),
          count(row.events),
        ])}
      />
    </>
  );
}
