import { useId } from 'react';
import { Link, useNavigate } from 'react-router';
import { addDays, isDate } from '../../shared/opening-hours.ts';
import { spokenDate, spokenDay } from './format.ts';

/** What a day navigator says, in its section's words. */
export interface DayNavigatorTexts {
  /** The navigation's name: "Scegli il giorno". */
  dayNav: string;
  previousDay: string;
  nextDay: string;
  /** The date field's label: "Giorno". */
  day: string;
  today: string;
  /** With these, the arrows' names say the day they lead to: "Giorno prima: sabato 5 dicembre". */
  previousDayOf?: (date: string) => string;
  nextDayOf?: (date: string) => string;
  /** With these, today and tomorrow carry a badge beside the date. */
  todayTag?: string;
  tomorrowTag?: string;
}

/** The words of a day navigator as the back office says them, every part included. */
export const DAY_NAVIGATOR_TEXTS = {
  day: 'Giorno',
  dayNav: 'Scegli il giorno',
  previousDay: 'Giorno prima',
  nextDay: 'Giorno dopo',
  previousDayOf: (date: string) => `Giorno prima: ${date}`,
  nextDayOf: (date: string) => `Giorno dopo: ${date}`,
  today: 'Oggi',
  todayTag: 'oggi',
  tomorrowTag: 'domani',
} satisfies DayNavigatorTexts;

/**
 * The day on screen of a section that shows one day (the bookings, the
 * kitchen board), and the way to the day before, the day after, any day and
 * today. The day is in the address (`hrefOf`), so the back button and a
 * login come back to it. Its parts are styled by the section's block class:
 * `<block>__day`, `__date`, `__day-nav`, `__pick`.
 */
export function DayNavigator({
  date,
  today,
  hrefOf,
  block,
  texts: T,
}: {
  date: string;
  today: string;
  hrefOf: (date: string) => string;
  block: string;
  texts: DayNavigatorTexts;
}) {
  const id = useId();
  const navigate = useNavigate();
  const previous = addDays(date, -1);
  const next = addDays(date, 1);
  const tag = date === today ? T.todayTag : date === addDays(today, 1) ? T.tomorrowTag : undefined;
  const linkClass = 'staff-button staff-button--small staff-button--ghost';
  return (
    <div className={`${block}__day`}>
      <h2 className={`${block}__date`}>
        {spokenDate(date)}
        {tag ? <span className="staff-badge">{tag}</span> : null}
      </h2>
      <nav className={`${block}__day-nav`} aria-label={T.dayNav}>
        <Link
          to={hrefOf(previous)}
          className={linkClass}
          aria-label={T.previousDayOf?.(spokenDay(previous))}
        >
          {T.previousDayOf ? <span aria-hidden="true">‹</span> : null}
          {T.previousDayOf ? '\u00a0' : null}
          {T.previousDay}
        </Link>
        <Link to={hrefOf(next)} className={linkClass} aria-label={T.nextDayOf?.(spokenDay(next))}>
          {T.nextDay}
          {T.nextDayOf ? '\u00a0' : null}
          {T.nextDayOf ? <span aria-hidden="true">›</span> : null}
        </Link>
        <div className={`staff-field ${block}__pick`}>
          <label htmlFor={`${id}-day`}>{T.day}</label>
          <input
            id={`${id}-day`}
            type="date"
            value={date}
            onChange={(event) => {
              if (isDate(event.target.value)) void navigate(hrefOf(event.target.value));
            }}
          />
        </div>
        {date === today ? null : (
          <Link to={hrefOf(today)} className={linkClass}>
            {T.today}
          </Link>
        )}
      </nav>
    </div>
  );
}
