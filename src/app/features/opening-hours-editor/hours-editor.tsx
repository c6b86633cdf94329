import { useId, type FormEvent } from 'react';
import { romeDate, type TimeRange } from '../../../shared/opening-hours.ts';
import {
  CLOSURE_NOTE_MAX,
  CLOSURES_MAX,
  DAY_NAMES_IT,
  EXCEPTIONS_MAX,
  openingHoursBody,
  RANGES_PER_DAY_MAX,
  type OpeningHoursAnswer,
  type OpeningHoursBody,
} from '../../../shared/schemas/opening-hours.ts';
import { FormProblems } from '../../components/form-problems.tsx';
import {
  issuesOf,
  LoadedPanel,
  SaveBar,
  useCheckedSave,
  useDraft,
  type Loading,
  StaffPanel,
} from '../../staff/index.ts';
import type { ClosureTranslationsAnswer } from '../../../shared/schemas/closure-translations.ts';
import { ClosureNotesReview } from './closure-notes-review.tsx';
import { HoursPreview } from './hours-preview.tsx';
import { saveOpeningHours } from './opening-hours-api.ts';
import { HOURS_TEXTS as T } from './opening-hours-texts.ts';

/** The form's state: what PUT /api/opening-hours takes, notes as typed (empty = none). */
interface Draft {
  weekly: { day: number; ranges: TimeRange[] }[];
  closures: { from: string; to: string; note: string }[];
  exceptions: { date: string; ranges: TimeRange[] }[];
}

function draftOf(hours: OpeningHoursAnswer): Draft {
  return {
    weekly: [1, 2, 3, 4, 5, 6, 7].map((day) => ({
      day,
      ranges: (hours.weekly.find((entry) => entry.day === day)?.ranges ?? []).map((range) => ({
        ...range,
      })),
    })),
    closures: hours.closures.map((closure) => ({ ...closure, note: closure.note ?? '' })),
    exceptions: hours.exceptions.map((special) => ({ ...special, ranges: [...special.ranges] })),
  };
}

const bodyOf = (draft: Draft): OpeningHoursBody => ({
  weekly: draft.weekly,
  closures: draft.closures.map((closure) => ({ ...closure, note: closure.note.trim() || null })),
  exceptions: draft.exceptions,
});

const NEW_RANGE: TimeRange = { open: '19:00', close: '23:00' };
const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The messages of a refusal, in the order of the form; the same zod schema as the server's. */
const problemsOf = (draft: Draft) => issuesOf(openingHoursBody.safeParse(bodyOf(draft)));

/**
 * /dashboard/hours: the week, the closures and the special days, with a
 * preview, and the review of the closure notes' translations.
 */
export function OpeningHoursEditor({
  hours,
  translations,
}: {
  hours: Loading<OpeningHoursAnswer>;
  translations: Loading<ClosureTranslationsAnswer['translations']>;
}) {
  return (
    <StaffPanel heading="h1" title={T.title} intro={T.intro} className="hours-editor">
      <LoadedPanel loading={hours} texts={T}>
        {(data) => (
          <>
            <HoursForm hours={data} />
            <ClosureNotesReview hours={data} translations={translations} />
          </>
        )}
      </LoadedPanel>
    </StaffPanel>
  );
}

function HoursForm({ hours }: { hours: OpeningHoursAnswer }) {
  const id = useId();
  const { submit, busy, problems: shownProblems } = useCheckedSave();
  // Someone saved new hours (here or elsewhere): shown, unless staff are typing.
  const { draft, setDraft, dirty, keep } = useDraft(hours, draftOf);
  const today = romeDate(new Date());
  const problems = problemsOf(draft);

  function update(change: (current: Draft) => Draft) {
    setDraft((current) => change(structuredClone(current)));
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    await submit(event, problems, (token) => saveOpeningHours(token, bodyOf(draft)), {
      onSaved: keep,
      success: T.saved,
    });
  }

  const upcoming = draft.closures
    .map((closure, index) => ({ closure, index }))
    .filter(({ closure }) => !closure.to || closure.to >= today);
  const past = draft.closures.length - upcoming.length;

  return (
    <>
      <form
        className="staff-form hours-editor__form"
        onSubmit={onSubmit}
        aria-busy={busy}
        noValidate
      >
        <fieldset className="staff-fieldset">
          <legend>{T.week}</legend>
          <p className="staff-hint">{T.weekHint}</p>
          {draft.weekly.map((entry, dayIndex) => {
            const dayName = capitalized(DAY_NAMES_IT[entry.day]!);
            return (
              <div key={entry.day} className="hours-editor__day" role="group" aria-label={dayName}>
                <p className="hours-editor__day-name">
                  {dayName}
                  {entry.ranges.length === 0 ? (
                    <span className="staff-badge">{T.closedDay}</span>
                  ) : null}
                </p>
                <RangeRows
                  label={dayName}
                  ranges={entry.ranges}
                  onChange={(ranges) =>
                    update((current) => {
                      current.weekly[dayIndex]!.ranges = ranges;
                      return current;
                    })
                  }
                />
              </div>
            );
          })}
        </fieldset>

        <fieldset className="staff-fieldset">
          <legend>{T.closures}</legend>
          <p className="staff-hint">{T.closuresHint}</p>
          {upcoming.length === 0 ? <p>{T.noClosures}</p> : null}
          {upcoming.map(({ closure, index }) => (
            <div key={index} className="hours-editor__closure" role="group" aria-label={T.closures}>
              <div className="hours-editor__dates">
                <div className="staff-field">
                  <label htmlFor={`${id}-closure-${index}-from`}>{T.closureFrom}</label>
                  <input
                    id={`${id}-closure-${index}-from`}
                    type="date"
                    required
                    value={closure.from}
                    onChange={(event) =>
                      update((current) => {
                        const edited = current.closures[index]!;
                        edited.from = event.target.value;
                        // A one-day closure by default: the end follows the start until set.
                        if (!edited.to || edited.to < edited.from) edited.to = edited.from;
                        return current;
                      })
                    }
                  />
                </div>
                <div className="staff-field">
                  <label htmlFor={`${id}-closure-${index}-to`}>{T.closureTo}</label>
                  <input
                    id={`${id}-closure-${index}-to`}
                    type="date"
                    required
                    min={closure.from || undefined}
                    value={closure.to}
                    onChange={(event) =>
                      update((current) => {
                        current.closures[index]!.to = event.target.value;
                        return current;
                      })
                    }
                  />
                </div>
              </div>
              <div className="staff-field">
                <label htmlFor={`${id}-closure-${index}-note`}>{T.closureNote}</label>
                <input
                  id={`${id}-closure-${index}-note`}
                  type="text"
                  maxLength={CLOSURE_NOTE_MAX}
                  placeholder={T.closureNotePlaceholder}
                  value={closure.note}
                  onChange={(event) =>
                    update((current) => {
                      current.closures[index]!.note = event.target.value;
                      return current;
                    })
                  }
                />
              </div>
              <button
                type="button"
                className="staff-button staff-button--small staff-button--ghost"
                onClick={() =>
                  update((current) => {
                    current.closures.splice(index, 1);
                    return current;
                  })
                }
              >
                {T.removeClosure}
              </button>
            </div>
          ))}
          {past > 0 ? <p className="staff-hint">{T.pastClosures(past)}</p> : null}
          {draft.closures.length < CLOSURES_MAX ? (
            <button
              type="button"
              className="staff-button staff-button--small staff-button--ghost"
              onClick={() =>
                update((current) => {
                  current.closures.push({ from: today, to: today, note: '' });
                  return current;
                })
              }
            >
              {T.addClosure}
            </button>
          ) : null}
        </fieldset>

        <fieldset className="staff-fieldset">
          <legend>{T.specialDays}</legend>
          <p className="staff-hint">{T.specialDaysHint}</p>
          {draft.exceptions.length === 0 ? <p>{T.noSpecialDays}</p> : null}
          {draft.exceptions.map((special, index) => (
            <div
              key={index}
              className="hours-editor__closure"
              role="group"
              aria-label={T.specialDays}
            >
              <div className="staff-field">
                <label htmlFor={`${id}-special-${index}`}>{T.specialDate}</label>
                <input
                  id={`${id}-special-${index}`}
                  type="date"
                  required
                  value={special.date}
                  onChange={(event) =>
                    update((current) => {
                      current.exceptions[index]!.date = event.target.value;
                      return current;
                    })
                  }
                />
              </div>
              <RangeRows
                label={special.date || T.specialDate}
                ranges={special.ranges}
                onChange={(ranges) =>
                  update((current) => {
                    current.exceptions[index]!.ranges = ranges;
                    return current;
                  })
                }
              />
              <button
                type="button"
                className="staff-button staff-button--small staff-button--ghost"
                onClick={() =>
                  update((current) => {
                    current.exceptions.splice(index, 1);
                    return current;
                  })
                }
              >
                {T.removeSpecialDay}
              </button>
            </div>
          ))}
          {draft.exceptions.length < EXCEPTIONS_MAX ? (
            <button
              type="button"
              className="staff-button staff-button--small staff-button--ghost"
              onClick={() =>
                update((current) => {
                  current.exceptions.push({ date: today, ranges: [{ ...NEW_RANGE }] });
                  return current;
                })
              }
            >
              {T.addSpecialDay}
            </button>
          ) : null}
        </fieldset>

        <FormProblems title={T.fix} problems={shownProblems} className="hours-editor__problems" />
        <SaveBar
          label={T.save}
          savingLabel={T.saving}
          saving={busy}
          unsaved={dirty}
          unsavedNote={T.unsaved}
        />
      </form>
      <HoursPreview schedule={problems.length === 0 ? bodyOfSchedule(draft) : null} />
    </>
  );
}

const bodyOfSchedule = (draft: Draft) => {
  const body = bodyOf(draft);
  return { ...body, exceptions: body.exceptions ?? [] };
};

/** A day's ranges: opening and closing time each, one row per range. */
function RangeRows({
  label,
  ranges,
  onChange,
}: {
  label: string;
  ranges: TimeRange[];
  onChange: (ranges: TimeRange[]) => void;
}) {
  const id = useId();
  const set = (index: number, change: Partial<TimeRange>) =>
    onChange(ranges.map((range, at) => (at === index ? { ...range, ...change } : range)));
  return (
    <>
      {ranges.map((range, index) => {
        const number = index + 1;
        return (
          <div
            key={index}
            className="hours-editor__range"
            role="group"
            aria-label={T.rangeOf(label, number)}
          >
            <div className="staff-field">
              <label htmlFor={`${id}-${index}-open`}>{T.opens}</label>
              <input
                id={`${id}-${index}-open`}
                type="time"
                required
                value={range.open}
                onChange={(event) => set(index, { open: event.target.value })}
              />
            </div>
            <div className="staff-field">
              <label htmlFor={`${id}-${index}-close`}>{T.closes}</label>
              <input
                id={`${id}-${index}-close`}
                type="time"
                required
                value={range.close}
                onChange={(event) => set(index, { close: event.target.value })}
              />
            </div>
            <button
              type="button"
              className="staff-button staff-button--small staff-button--ghost"
              aria-label={T.removeRangeOf(label, number)}
              onClick={() => onChange(ranges.filter((_, at) => at !== index))}
            >
              {T.removeRange}
            </button>
            {range.open && range.close && range.close < range.open ? (
              <p className="staff-hint hours-editor__night">{T.afterMidnight}</p>
            ) : null}
          </div>
        );
      })}
      {ranges.length < RANGES_PER_DAY_MAX ? (
        <button
          type="button"
          className="staff-button staff-button--small staff-button--ghost"
          aria-label={T.addRangeTo(label)}
          onClick={() => onChange([...ranges, { ...NEW_RANGE }])}
        >
          {T.addRange}
        </button>
      ) : null}
    </>
  );
}
