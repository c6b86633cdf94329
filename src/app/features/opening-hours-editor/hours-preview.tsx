import { useId, useState } from 'react';
import { openingOn, romeDate, type Schedule } from '../../../shared/opening-hours.ts';
import common from '../../../shared/locales/it/common.json' with { type: 'json' };
import type { Messages } from '../../../shared/locales/index.ts';
import { noticeText } from '../../components/opening-hours/format.ts';
import { closedNotice } from '../../components/opening-hours/visitor-hours.ts';
import { createI18n } from '../../i18n/create-i18n.ts';
import { rangeText } from '../../../shared/schemas/opening-hours.ts';
import { spokenDate } from '../../staff-kit/index.ts';
import { HOURS_TEXTS as T } from './opening-hours-texts.ts';

/**
 * The public pages' texts in Italian, for the notice: the preview shows the
 * very sentence visitors read (format.ts), not one of its own.
 */
const italian = createI18n('it', { common } as Messages);

/** What a date holds for visitors, in one or two Italian sentences. */
function describe(schedule: Schedule, date: string): string {
  const day = openingOn(schedule, date);
  if (day.open) {
    const text = T.openWith(day.ranges.map(rangeText).join(', '));
    return day.special ? `${text} ${T.special}` : text;
  }
  return noticeText(italian, closedNotice(schedule, date)!, date);
}

/**
 * "What visitors see": today and a chosen date, computed in the browser from
 * the schedule being edited, with the same rules the server applies.
 */
export function HoursPreview({ schedule }: { schedule: Schedule | null }) {
  const id = useId();
  const today = romeDate(new Date());
  const [date, setDate] = useState(today);
  return (
    <section className="hours-editor__preview" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="staff-panel__subtitle">
        {T.preview}
      </h2>
      <p className="staff-panel__intro">{T.previewHint}</p>
      {schedule === null ? (
        <p role="status">{T.previewInvalid}</p>
      ) : (
        <dl className="hours-editor__preview-list">
          <dt>
            {T.previewToday} ({spokenDate(today)})
          </dt>
          <dd>{describe(schedule, today)}</dd>
          <dt>
            <label htmlFor={`${id}-date`}>{T.previewDate}</label>{' '}
            <input
              id={`${id}-date`}
              type="date"
              value={date}
              onChange={(event) => setDate(event.target.value || today)}
            />
          </dt>
          <dd>
            <span aria-live="polite">{describe(schedule, date)}</span>
          </dd>
        </dl>
      )}
    </section>
  );
}
