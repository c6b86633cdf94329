import { useEffect, useId, useRef, useState } from 'react';
import {
  holdCovers,
  type EventInquiry,
  type HoldCovers,
  type InquiryPatch,
} from '../../../shared/schemas/events.ts';
import { ConfirmedAction } from '../../components/confirmed-action.tsx';
import { FormProblems } from '../../components/form-problems.tsx';
import {
  DeclineAllAction,
  NumberField,
  SubmitButton,
  typedNumber,
  useCheckedSave,
  useStaffSave,
  useUser,
} from '../../staff/index.ts';
import { useLoad } from '../../staff-kit/index.ts';
import { fetchPlanAreas, patchInquiry } from './events-office-api.ts';
import { DECLINE_ALL_TEXTS, EVENTS_TEXTS as T } from './events-office-texts.ts';

type OnChanged = (changed: EventInquiry) => void;

/**
 * Sends a change of the request; the answer replaces it on screen. A
 * request deleted meanwhile (a guest's data erased) loads the list again.
 */
function useInquiryChange(inquiry: EventInquiry, onChanged: OnChanged) {
  const { save } = useStaffSave();
  return (body: InquiryPatch, success: string) =>
    save((token) => patchInquiry(token, inquiry.id, body), {
      success,
      onSaved: onChanged,
      then: false,
      reloadOn: [404],
    });
}

/** What staff can do with a request in its status; confirming asks how many covers to hold. */
export function StatusActions({
  inquiry,
  onChanged,
}: {
  inquiry: EventInquiry;
  onChanged: OnChanged;
}) {
  const change = useInquiryChange(inquiry, onChanged);
  const [holding, setHolding] = useState(false);
  // Back on the button that opened the hold form once it closes, so keyboard users keep their place.
  const holdButton = useRef<HTMLButtonElement>(null);
  const [returnFocus, setReturnFocus] = useState(false);
  useEffect(() => {
    if (!returnFocus) return;
    holdButton.current?.focus();
    setReturnFocus(false);
  }, [returnFocus]);
  const { status, name } = inquiry;
  if (holding) {
    return (
      <HoldForm
        inquiry={inquiry}
        onChanged={onChanged}
        onClose={() => {
          setHolding(false);
          setReturnFocus(true);
        }}
      />
    );
  }
  const replied = inquiry.messages.some((message) => message.from === 'staff');
  return (
    <div className="events-office__actions" role="group" aria-label={T.actionsFor(name)}>
      {status === 'new' ? (
        <button
          type="button"
          className="staff-button staff-button--small staff-button--ghost"
          onClick={() => void change({ status: 'talking' }, T.movedToTalking(name))}
        >
          {T.toTalking}
        </button>
      ) : null}
      {status === 'confirmed' ? (
        // Held covers go back to the bookings: asked first, as "Persa" is.
        <ConfirmedAction
          label={T.toTalking}
          question={T.talkingQuestion(name)}
          confirmLabel={T.talkingYes}
          cancelLabel={T.back}
          onConfirm={() => change({ status: 'talking' }, T.movedToTalking(name))}
        />
      ) : null}
      {status === 'lost' ? null : (
        <button
          ref={holdButton}
          type="button"
          className="staff-button staff-button--small"
          onClick={() => setHolding(true)}
        >
          {status === 'confirmed' ? T.changeHold : T.confirm}
        </button>
      )}
      {status === 'lost' ? (
        <button
          type="button"
          className="staff-button staff-button--small staff-button--ghost"
          // Back where it was: still to answer, or being talked over.
          onClick={() => void change({ status: replied ? 'talking' : 'new' }, T.reopened(name))}
        >
          {T.reopen}
        </button>
      ) : (
        <ConfirmedAction
          label={T.lose}
          question={T.loseQuestion(name)}
          confirmLabel={T.loseYes}
          cancelLabel={T.back}
          onConfirm={() => change({ status: 'lost' }, T.lost(name))}
        />
      )}
      {status === 'new' || status === 'talking' ? (
        <DeclineAllAction
          family="events"
          of={{ id: inquiry.id, email: inquiry.email, phone: inquiry.phone, online: true }}
          texts={DECLINE_ALL_TEXTS}
        />
      ) : null}
    </div>
  );
}

/**
 * How many covers a confirmed event holds from the table bookings of its
 * date and service: a number (the request's guests by default) or the whole
 * restaurant. Confirms the request, or changes a confirmed one's hold.
 */
function HoldForm({
  inquiry,
  onChanged,
  onClose,
}: {
  inquiry: EventInquiry;
  onChanged: OnChanged;
  onClose: () => void;
}) {
  const id = useId();
  const guests = inquiry.adults + inquiry.children;
  const current = inquiry.status === 'confirmed' ? inquiry.holdCovers : null;
  const [whole, setWhole] = useState(current === 'all');
  const [covers, setCovers] = useState(String(typeof current === 'number' ? current : guests));
  const { submit, busy, problems } = useCheckedSave();
  const confirming = inquiry.status !== 'confirmed';
  // Where the tables of N covers are held: offered once the floor plan has areas.
  const { token } = useUser();
  const plan = useLoad(token ? `${token} ${inquiry.date}` : null, (signal) =>
    fetchPlanAreas(token ?? '', inquiry.date, signal),
  );
  const areas = plan.data?.areas ?? [];
  const [area, setArea] = useState(inquiry.holdArea === null ? '' : String(inquiry.holdArea));
  const choosesArea = !whole && areas.length > 0;

  // Opened in place of the button that asked for it: the choice takes the focus.
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    form.current?.querySelector<HTMLInputElement>('input:checked')?.focus();
  }, []);

  const wanted: unknown = whole ? 'all' : typedNumber(covers);
  const checked = holdCovers.safeParse(wanted);
  return (
    <form
      ref={form}
      className="events-office__hold"
      aria-labelledby={`${id}-title`}
      noValidate
      onSubmit={(event) =>
        void submit(
          event,
          checked.success ? [] : [T.holdInvalid],
          (token) => {
            const hold = checked.data as HoldCovers;
            const where = choosesArea ? { holdArea: area === '' ? null : Number(area) } : {};
            return patchInquiry(
              token,
              inquiry.id,
              confirming
                ? { status: 'confirmed', holdCovers: hold, ...where }
                : { holdCovers: hold, ...where },
            );
          },
          {
            success: confirming ? T.confirmed(inquiry.name) : T.holdSaved,
            onSaved: (changed) => {
              onChanged(changed);
              onClose();
            },
            then: false,
            reloadOn: [404],
          },
        )
      }
    >
      <fieldset className="events-office__hold-choice" aria-describedby={`${id}-hint`}>
        <legend id={`${id}-title`}>{T.holdTitle}</legend>
        <p className="staff-hint" id={`${id}-hint`}>
          {T.holdHint(inquiry.service)}
        </p>
        <label className="events-office__choice">
          <input
            type="radio"
            name={`${id}-hold`}
            checked={!whole}
            onChange={() => setWhole(false)}
          />
          {T.holdCovers}
        </label>
        {whole ? null : (
          <NumberField
            id={`${id}-covers`}
            label={T.holdNumberLabel}
            value={covers}
            hint={T.holdNumberHint(guests)}
            onChange={setCovers}
          />
        )}
        {choosesArea ? (
          <div className="staff-field">
            <label htmlFor={`${id}-area`}>{T.holdAreaLabel}</label>
            <select
              id={`${id}-area`}
              value={area}
              aria-describedby={`${id}-area-hint`}
              onChange={(event) => setArea(event.target.value)}
            >
              <option value="">{T.holdAnywhere}</option>
              {areas.map((choice) => (
                <option key={choice.id} value={choice.id}>
                  {choice.name}
                </option>
              ))}
            </select>
            <p className="staff-hint" id={`${id}-area-hint`}>
              {T.holdAreaHint}
            </p>
          </div>
        ) : null}
        <label className="events-office__choice">
          <input type="radio" name={`${id}-hold`} checked={whole} onChange={() => setWhole(true)} />
          {T.holdWhole}
        </label>
      </fieldset>
      <FormProblems title={T.fix} problems={problems} />
      <div className="staff-form__actions">
        <SubmitButton
          label={confirming ? T.confirmYes : T.saveHold}
          busyLabel={T.saving}
          busy={busy}
        />
        <button type="button" className="staff-button staff-button--ghost" onClick={onClose}>
          {T.back}
        </button>
      </div>
    </form>
  );
}
