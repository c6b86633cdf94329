import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import {
  PRESETS,
  presetRange,
  TIME_GROUPS,
  defaultGroup,
  periodSearch,
  validRange,
  type Period,
  type Preset,
  type TimeGroup,
} from './periods.ts';
import { PERIOD_TEXTS as T } from './reports-texts.ts';

/**
 * The reports' period and grouping: a preset goes at once; a custom period
 * once both days are set and "Mostra" pressed. Each choice is an address
 * (`periodSearch`), so the route's loader asks the reports again.
 */
export function PeriodPicker({ period, today }: { period: Period; today: string }) {
  const id = useId();
  const navigate = useNavigate();
  // The choice shows at once; the page follows when the reports of the new address are in.
  const [chosen, setChosen] = useState<Preset>(period.preset);
  const [group, setGroup] = useState<TimeGroup>(period.group);
  const [from, setFrom] = useState(period.from);
  const [to, setTo] = useState(period.to);
  const [invalid, setInvalid] = useState(false);
  const go = (next: Period) => void navigate(periodSearch(next), { preventScrollReset: true });

  function choose(preset: Preset) {
    setChosen(preset);
    if (preset === 'personalizzato') return;
    setInvalid(false);
    const range = presetRange(preset, today);
    setFrom(range.from);
    setTo(range.to);
    go({ preset, ...range, group: defaultGroup(range.from, range.to) });
  }

  function showCustom(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!validRange(from, to)) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    go({ preset: 'personalizzato', from, to, group: defaultGroup(from, to) });
  }

  return (
    <form className="report-picker" onSubmit={showCustom}>
      <fieldset className="report-picker__choices">
        <legend>{T.legend}</legend>
        {PRESETS.map((preset) => (
          <label key={preset} className="report-picker__choice">
            <input
              type="radio"
              name={`${id}-preset`}
              value={preset}
              checked={chosen === preset}
              onChange={() => choose(preset)}
            />
            {T.presets[preset]}
          </label>
        ))}
      </fieldset>
      {chosen === 'personalizzato' ? (
        <div className="report-picker__custom">
          <div className="staff-field">
            <label htmlFor={`${id}-from`}>{T.from}</label>
            <input
              id={`${id}-from`}
              type="date"
              value={from}
              onChange={(event) => setFrom(event.target.value)}
              aria-invalid={invalid || undefined}
              aria-describedby={invalid ? `${id}-problem` : undefined}
              required
            />
          </div>
          <div className="staff-field">
            <label htmlFor={`${id}-to`}>{T.to}</label>
            <input
              id={`${id}-to`}
              type="date"
              value={to}
              onChange={(event) => setTo(event.target.value)}
              aria-invalid={invalid || undefined}
              aria-describedby={invalid ? `${id}-problem` : undefined}
              required
            />
          </div>
          <button type="submit" className="staff-button staff-button--small">
            {T.show}
          </button>
          {invalid ? (
            <p id={`${id}-problem`} className="report-picker__problem" role="alert">
              {T.badRange}
            </p>
          ) : null}
        </div>
      ) : null}
      <fieldset className="report-picker__choices">
        <legend>{T.groupLegend}</legend>
        {TIME_GROUPS.map((option) => (
          <label key={option} className="report-picker__choice">
            <input
              type="radio"
              name={`${id}-group`}
              value={option}
              checked={group === option}
              onChange={() => {
                setGroup(option);
                go({ ...period, group: option });
              }}
            />
            {T.groups[option]}
          </label>
        ))}
      </fieldset>
    </form>
  );
}
