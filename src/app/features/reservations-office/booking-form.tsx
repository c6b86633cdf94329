import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useRevalidator } from 'react-router';
import type { Lang } from '../../../shared/languages.ts';
import { isDate } from '../../../shared/opening-hours.ts';
import {
  PARTY_MAX,
  RESERVATION_REFUSALS,
  SLOT_MINUTES,
  staffReservationBody,
} from '../../../shared/schemas/reservations.ts';
import { GUEST_NOTES_MAX } from '../../../shared/schemas/guest.ts';
import {
  GuestLangField,
  problemsInOrder,
  useStaffSave,
  useUser,
  SubmitButton,
} from '../../staff/index.ts';
import { dayHref } from './day-view.tsx';
import {
  GuestLookupInput,
  PickedGuest,
  spokenDay,
  useGuestLookup,
  useLoad,
} from '../../staff-kit/index.ts';
import { addPhoneReservation, fetchOccupancy } from './reservations-office-api.ts';
import { refusalsOf } from '../../api/errors.ts';
import { BOOKING_FORM_TEXTS as T } from './reservations-office-texts.ts';
import { FormProblems } from '../../components/form-problems.tsx';

/**
 * Every quarter of an hour of a day: what the time can be when the day's
 * slots could not be loaded (the server still refuses a time it is closed at).
 */
const EVERY_QUARTER = Array.from({ length: (24 * 60) / SLOT_MINUTES }, (_, index) => {
  const minutes = index * SLOT_MINUTES;
  return {
    time: `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`,
    covers: null,
    held: 0,
  };
});

/**
 * The slots of the date being booked: the server's occupancy of that date,
 * which lists exactly the times staff may book (the opening hours, minus
 * closures, the last a table-turn before closing), each with its covers.
 * Another date picked meanwhile is asked for, and the earlier answer dropped.
 */
const useDaySlots = (token: string | null, date: string) =>
  useLoad(token && isDate(date) ? `${token} ${date}` : null, (signal) =>
    fetchOccupancy(token ?? '', date, signal),
  );

interface Draft {
  name: string;
  phone: string;
  email: string;
  party: string;
  date: string;
  time: string;
  notes: string;
  lang: Lang;
}

const emptyDraft = (date: string): Draft => ({
  name: '',
  phone: '',
  email: '',
  party: '2',
  date,
  time: '',
  notes: '',
  lang: 'it',
});

/** The form's problems in Italian, one per field, in the form's order; `others` words the rest. */
const problemsOf = (fields: Iterable<unknown>, others?: (field: unknown) => string[]) =>
  problemsInOrder(T.problems, fields, others);

/** Why the server would not book it: a full slot may be booked anyway, a closed one not. */
type Refusal = { kind: 'full' | 'not-a-slot'; description: string };

/**
 * "Aggiungi prenotazione": a booking taken by phone, for the day on screen
 * unless staff pick another. A full slot is booked only after staff see the
 * server's warning and press "Aggiungi comunque".
 */
export function PhoneBooking({ date }: { date: string }) {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const closed = useRef(false);
  useEffect(() => {
    // The button comes back where the form was: the focus goes back to it.
    if (open || !closed.current) return;
    closed.current = false;
    opener.current?.focus();
  }, [open]);
  if (!open) {
    return (
      <p className="bookings__add">
        <button type="button" className="staff-button" ref={opener} onClick={() => setOpen(true)}>
          {T.open}
        </button>
      </p>
    );
  }
  return (
    <BookingForm
      date={date}
      onClose={() => {
        closed.current = true;
        setOpen(false);
      }}
    />
  );
}

function BookingForm({ date, onClose }: { date: string; onClose: () => void }) {
  const id = useId();
  const { token } = useUser();
  const { save, busy } = useStaffSave();
  const revalidator = useRevalidator();
  const navigate = useNavigate();
  const [draft, setDraft] = useState(() => emptyDraft(date));
  const [problems, setProblems] = useState<string[]>([]);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const daySlots = useDaySlots(token, draft.date);
  // A returning guest found as staff type their name or phone: their details filled in.
  const lookup = useGuestLookup({
    onPick: (guest) =>
      setDraft((current) => ({
        ...current,
        name: guest.name,
        phone: guest.phone || current.phone,
        email: guest.email || current.email,
      })),
    onLang: (lang) => setDraft((current) => ({ ...current, lang })),
  });
  // A slot's covers are those taken: seated, and held by the day's events.
  const slots =
    daySlots.state === 'ready'
      ? daySlots.data.slots.map(({ time, covers, held }) => ({
          time,
          covers: covers + held,
          held,
        }))
      : daySlots.state === 'failed'
        ? EVERY_QUARTER
        : [];
  const capacity = daySlots.state === 'ready' ? daySlots.data.capacity : 0;
  const closed = daySlots.state === 'ready' && slots.length === 0;
  const chosen = slots.find((slot) => slot.time === draft.time);

  function set<K extends keyof Draft>(key: K, value: Draft[K]) {
    setDraft((current) => ({
      ...current,
      [key]: value,
      // Another day has other times: the time is chosen again.
      ...(key === 'date' ? { time: '' } : {}),
    }));
    // The warning was about what had been typed.
    setRefusal(null);
  }

  async function send(override: boolean) {
    if (busy) return;
    const party = /^\d+$/.test(draft.party.trim()) ? Number(draft.party) : draft.party;
    const checked = staffReservationBody.safeParse({
      ...draft,
      party,
      notes: draft.notes.trim() || undefined,
    });
    if (!checked.success) {
      setProblems(problemsOf(checked.error.issues.map((issue) => issue.path[0])));
      setRefusal(null);
      return;
    }
    setProblems([]);
    const body = { ...checked.data, ...(override ? { override: true } : {}) };
    const result = await save((token) => addPhoneReservation(token, body), {
      then: false,
      success: (booking) =>
        T.added(booking.name, booking.party, spokenDay(booking.date), booking.time),
      onSaved: onClose,
      // Its 409 is a full slot, which the form explains: nothing on screen is out of date.
      reloadOn: [],
      onFailure: (failure) => {
        const [refused] = refusalsOf(failure);
        if (refused?.code === RESERVATION_REFUSALS.full) {
          setRefusal({ kind: 'full', description: refused.description });
          return true;
        }
        if (refused?.code === RESERVATION_REFUSALS.notASlot) {
          setRefusal({ kind: 'not-a-slot', description: refused.description });
          return true;
        }
        return false;
      },
      onInvalid: (invalid) =>
        setProblems(problemsOf(Object.keys(invalid), (field) => invalid[String(field)] ?? [])),
    });
    // Booked for another day: that day opens (its loader brings it), else this one reloads.
    if (result?.ok) {
      await (result.data.date === date
        ? revalidator.revalidate()
        : navigate(dayHref(result.data.date)));
    }
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void send(false);
  }

  const hint = (key: string) => `${id}-${key}-hint`;
  return (
    <section className="bookings__form" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="staff-panel__subtitle">
        {T.title}
      </h2>
      <p className="staff-panel__intro">{T.intro}</p>
      <form className="staff-form staff-form--grid" onSubmit={submit} aria-busy={busy} noValidate>
        <div className="staff-field">
          <label htmlFor={`${id}-name`}>{T.name}</label>
          <GuestLookupInput
            lookup={lookup}
            field="name"
            id={`${id}-name`}
            type="text"
            autoComplete="off"
            autoFocus
            required
            maxLength={100}
            value={draft.name}
            onChange={(value) => set('name', value)}
          />
        </div>
        <div className="staff-field">
          <label htmlFor={`${id}-phone`}>{T.phone}</label>
          <GuestLookupInput
            lookup={lookup}
            field="phone"
            id={`${id}-phone`}
            type="tel"
            autoComplete="off"
            required
            maxLength={30}
            value={draft.phone}
            onChange={(value) => set('phone', value)}
          />
        </div>
        <PickedGuest lookup={lookup} className="staff-field--wide" />
        <div className="staff-field">
          <label htmlFor={`${id}-email`}>
            {T.email} <span className="staff-optional">{T.optional}</span>
          </label>
          <input
            id={`${id}-email`}
            type="email"
            autoComplete="off"
            maxLength={254}
            value={draft.email}
            onChange={(event) => set('email', event.target.value)}
          />
        </div>
        <div className="staff-field">
          <label htmlFor={`${id}-party`}>{T.party}</label>
          <input
            id={`${id}-party`}
            type="number"
            inputMode="numeric"
            min={1}
            max={PARTY_MAX}
            required
            value={draft.party}
            onChange={(event) => set('party', event.target.value)}
          />
        </div>
        <div className="staff-field">
          <label htmlFor={`${id}-date`}>{T.date}</label>
          <input
            id={`${id}-date`}
            type="date"
            required
            value={draft.date}
            onChange={(event) => set('date', event.target.value)}
          />
        </div>
        <div className="staff-field">
          <label htmlFor={`${id}-time`}>{T.time}</label>
          <select
            id={`${id}-time`}
            required
            disabled={closed}
            value={draft.time}
            aria-describedby={hint('time')}
            onChange={(event) => set('time', event.target.value)}
          >
            <option value="">
              {daySlots.state === 'loading' || daySlots.state === 'idle'
                ? T.loadingTimes
                : closed
                  ? T.closedDay
                  : T.chooseTime}
            </option>
            {slots.map(({ time, covers }) => (
              <option key={time} value={time}>
                {covers === null ? time : T.timeOption(time, covers, capacity)}
              </option>
            ))}
          </select>
          <p className="staff-hint" id={hint('time')} aria-live="polite">
            {closed
              ? T.closedHint
              : daySlots.state === 'failed'
                ? T.timesFailed
                : chosen && chosen.covers !== null
                  ? T.slotCovers(chosen.time, chosen.covers, capacity, chosen.held)
                  : null}
          </p>
        </div>
        <div className="staff-field staff-field--wide">
          <label htmlFor={`${id}-notes`}>
            {T.notes} <span className="staff-optional">{T.optionalNotes}</span>
          </label>
          <textarea
            id={`${id}-notes`}
            rows={2}
            maxLength={GUEST_NOTES_MAX}
            value={draft.notes}
            aria-describedby={hint('notes')}
            onChange={(event) => set('notes', event.target.value)}
          />
          <p className="staff-hint" id={hint('notes')}>
            {T.notesHint}
          </p>
        </div>
        <GuestLangField
          id={`${id}-lang`}
          label={T.lang}
          value={draft.lang}
          hint={T.langHint}
          onChange={(lang) => set('lang', lang)}
        />
        <FormProblems
          title={T.fix}
          problems={problems}
          className="staff-field--wide bookings__problems"
        />
        {refusal ? (
          <div className="staff-warning staff-field--wide bookings__problems" role="alert">
            <p className="staff-warning__title">
              {refusal.kind === 'full' ? T.fullTitle : T.notASlotTitle}
            </p>
            {refusal.description ? <p>{refusal.description}</p> : null}
            {refusal.kind === 'full' ? (
              <>
                <p>{T.fullHint}</p>
                <button
                  type="button"
                  className="staff-button staff-button--small"
                  disabled={busy}
                  onClick={() => void send(true)}
                >
                  {T.addAnyway}
                </button>
              </>
            ) : null}
          </div>
        ) : null}
        <div className="staff-form__actions staff-field--wide">
          <SubmitButton label={T.submit} busyLabel={T.saving} busy={busy} />
          <button type="button" className="staff-button staff-button--ghost" onClick={onClose}>
            {T.close}
          </button>
        </div>
      </form>
    </section>
  );
}
