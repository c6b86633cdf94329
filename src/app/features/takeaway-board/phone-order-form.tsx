import { useId, useState, type FormEvent } from 'react';
import type { Lang } from '../../../shared/languages.ts';
import type { MenuItemAnswer } from '../../../shared/schemas/menu.ts';
import {
  staffOrderBody,
  TAKEAWAY_REFUSALS,
  type OrderedItem,
} from '../../../shared/schemas/takeaway.ts';
import { refusalDetails, refusalsOf } from '../../api/errors.ts';
import { FormProblems } from '../../components/form-problems.tsx';
import { showToast } from '../../components/toasts.tsx';
import { GuestLangField, problemsInOrder, SubmitButton, useStaffSave } from '../../staff/index.ts';
import { euros, GuestLookupInput, PickedGuest, useGuestLookup } from '../../staff-kit/index.ts';
import { QUANTITY_MAX } from '../../../shared/takeaway-refusals.ts';
import { addPhoneOrder } from './takeaway-board-api.ts';
import { PHONE_ORDER_TEXTS as T } from './takeaway-board-texts.ts';
import { useOrderMenu, useOrderSlots } from './use-order-menu.ts';

/** A dish in one of its sizes: the quantities' key. */
const keyOf = (item: MenuItemAnswer, label: string) => `${item.id}|${label}`;

interface Draft {
  quantities: Record<string, number>;
  name: string;
  phone: string;
  email: string;
  lang: Lang;
  date: string;
  /** 'asap', or one of the date's pickup times. */
  time: string;
  notes: string;
}

/** The form's problems in Italian, one per field, in the form's order. */
const problemsOf = (fields: Iterable<unknown>) => problemsInOrder(T.problems, fields);

/**
 * "Ordine telefonico": an order taken by phone, counted against the same
 * slot limits as the guests' (the server counts). A full time is only
 * taken after staff confirm "La fascia è piena: forzare?".
 */
export function PhoneOrderForm({ date, onDone }: { date: string; onDone: () => void }) {
  const id = useId();
  const menu = useOrderMenu();
  const { save, busy } = useStaffSave();
  const [draft, setDraft] = useState<Draft>({
    quantities: {},
    name: '',
    phone: '',
    email: '',
    lang: 'it',
    date,
    time: 'asap',
    notes: '',
  });
  const [problems, setProblems] = useState<string[]>([]);
  /** The slot is full: the confirmation to go past it, with the next time that fits. */
  const [full, setFull] = useState<{ next: string | null } | null>(null);

  const dishes = menu.state === 'ready' ? menu.data.flatMap((section) => section.items) : [];
  const chosen = dishes.flatMap((item) =>
    item.prices
      .map((price) => ({ item, price, quantity: draft.quantities[keyOf(item, price.label)] ?? 0 }))
      .filter(({ quantity }) => quantity > 0),
  );
  const items: OrderedItem[] = chosen.map(({ item, price, quantity }) => ({
    id: item.id,
    quantity,
    ...(item.prices.length > 1 ? { price: price.label } : {}),
  }));
  const slots = useOrderSlots(draft.date, items);
  // A returning guest found as staff type their name or phone: their details filled in.
  const lookup = useGuestLookup({
    onPick: (guest) =>
      set({
        name: guest.name,
        ...(guest.phone ? { phone: guest.phone } : {}),
        ...(guest.email ? { email: guest.email } : {}),
      }),
    onLang: (lang) => set({ lang }),
  });
  const chosenSlot = slots.find((slot) => slot.time === draft.time);

  function set(change: Partial<Draft>) {
    setDraft((current) => ({
      ...current,
      ...change,
      // Another day has other times.
      ...(change.date && change.date !== current.date ? { time: 'asap' } : {}),
    }));
    setFull(null);
  }

  async function send(override: boolean) {
    const checked = staffOrderBody.safeParse({
      name: draft.name,
      phone: draft.phone,
      ...(draft.email.trim() ? { email: draft.email.trim() } : {}),
      lang: draft.lang,
      pickup: draft.time === 'asap' ? 'asap' : { date: draft.date, time: draft.time },
      items,
      ...(draft.notes.trim() ? { notes: draft.notes.trim() } : {}),
      ...(override ? { override: true } : {}),
    });
    if (!checked.success) {
      setProblems(problemsOf(checked.error.issues.map((issue) => issue.path[0])));
      return;
    }
    setProblems([]);
    if (!override && chosenSlot && !chosenSlot.available) {
      setFull({ next: null });
      return;
    }
    await save((token) => addPhoneOrder(token, checked.data), {
      then: false,
      success: (order) => T.added(order.name, order.pickup.time),
      onSaved: onDone,
      reloadOn: [],
      onInvalid: (fields) => setProblems(problemsOf(Object.keys(fields))),
      onFailure: (failure) => {
        const [refusal] = refusalsOf(failure);
        if (refusal?.code === TAKEAWAY_REFUSALS.full) {
          setFull({ next: refusalDetails(refusal, TAKEAWAY_REFUSALS.full)?.nextTime ?? null });
          return true;
        }
        const message =
          refusal?.code === TAKEAWAY_REFUSALS.itemUnavailable
            ? T.itemUnavailable
            : refusal?.code === TAKEAWAY_REFUSALS.notASlot
              ? T.notASlot
              : null;
        if (message) void showToast('warning', message);
        return message !== null;
      },
    });
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!busy) void send(false);
  }

  const text = (key: 'name' | 'phone' | 'email', type: string, max: number) => (
    <div className="staff-field">
      <label htmlFor={`${id}-${key}`}>{T[key]}</label>
      {key === 'email' ? (
        <input
          id={`${id}-${key}`}
          type={type}
          autoComplete="off"
          maxLength={max}
          value={draft[key]}
          onChange={(event) => set({ [key]: event.target.value })}
        />
      ) : (
        <GuestLookupInput
          lookup={lookup}
          field={key}
          id={`${id}-${key}`}
          type={type}
          autoComplete="off"
          maxLength={max}
          required
          value={draft[key]}
          onChange={(value) => set({ [key]: value })}
        />
      )}
    </div>
  );

  return (
    <section className="takeaway-phone" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="staff-panel__subtitle">
        {T.title}
      </h2>
      <form className="staff-form staff-form--grid" onSubmit={submit} aria-busy={busy} noValidate>
        <fieldset className="staff-field--wide takeaway-phone__dishes">
          <legend>{T.dishes}</legend>
          {menu.state === 'loading' ? <p role="status">{T.menuLoading}</p> : null}
          {menu.state === 'failed' ? <p role="status">{T.menuFailed}</p> : null}
          {menu.state === 'ready'
            ? menu.data.map((section) => (
                <div key={section.id} className="takeaway-phone__section">
                  <h3 className="takeaway-phone__section-title">{section.name}</h3>
                  {section.items.flatMap((item) =>
                    item.prices.map((price) => {
                      const key = keyOf(item, price.label);
                      const label = `${item.name}${price.label ? ` (${price.label})` : ''} – ${euros(price.amount)}`;
                      return (
                        <div key={key} className="takeaway-phone__dish">
                          <label htmlFor={`${id}-${key}`}>{label}</label>
                          <input
                            id={`${id}-${key}`}
                            type="number"
                            min={0}
                            max={QUANTITY_MAX}
                            inputMode="numeric"
                            value={draft.quantities[key] ?? 0}
                            onChange={(event) =>
                              set({
                                quantities: {
                                  ...draft.quantities,
                                  [key]: Math.max(0, Math.floor(Number(event.target.value) || 0)),
                                },
                              })
                            }
                          />
                        </div>
                      );
                    }),
                  )}
                </div>
              ))
            : null}
        </fieldset>
        {text('name', 'text', 100)}
        {text('phone', 'tel', 30)}
        <PickedGuest lookup={lookup} className="staff-field--wide" />
        {text('email', 'email', 254)}
        <GuestLangField
          id={`${id}-lang`}
          label={T.lang}
          value={draft.lang}
          onChange={(lang) => set({ lang })}
        />
        <div className="staff-field">
          <label htmlFor={`${id}-date`}>{T.date}</label>
          <input
            id={`${id}-date`}
            type="date"
            required
            value={draft.date}
            onChange={(event) => set({ date: event.target.value })}
          />
        </div>
        <div className="staff-field">
          <label htmlFor={`${id}-time`}>{T.time}</label>
          <select
            id={`${id}-time`}
            value={draft.time}
            onChange={(event) => set({ time: event.target.value })}
          >
            <option value="asap">{T.asap}</option>
            {slots.map((slot) => (
              <option key={slot.time} value={slot.time}>
                {slot.available ? slot.time : T.fullTime(slot.time)}
              </option>
            ))}
          </select>
        </div>
        <div className="staff-field staff-field--wide">
          <label htmlFor={`${id}-notes`}>{T.notes}</label>
          <textarea
            id={`${id}-notes`}
            rows={2}
            maxLength={500}
            value={draft.notes}
            onChange={(event) => set({ notes: event.target.value })}
          />
        </div>
        <FormProblems title={T.fix} problems={problems} className="staff-field--wide" />
        {full ? (
          <div className="staff-confirm staff-field--wide" role="alert">
            <p className="staff-confirm__question">{T.forceQuestion(full.next)}</p>
            <button
              type="button"
              className="staff-button staff-button--small staff-button--danger"
              disabled={busy}
              onClick={() => void send(true)}
            >
              {T.force}
            </button>
            <button
              type="button"
              className="staff-button staff-button--small staff-button--ghost"
              onClick={() => setFull(null)}
            >
              {T.back}
            </button>
          </div>
        ) : null}
        <div className="staff-form__actions staff-field--wide">
          <SubmitButton label={T.submit} busyLabel={T.sending} busy={busy} />
          <button type="button" className="staff-button staff-button--ghost" onClick={onDone}>
            {T.close}
          </button>
        </div>
      </form>
    </section>
  );
}
