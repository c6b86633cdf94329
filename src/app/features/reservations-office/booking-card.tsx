import { useId, useState, type ReactNode } from 'react';
import { LANGUAGE_LABELS_IT, mailtoHref, telHref } from '../../../shared/languages.ts';
import {
  RESERVATION_REFUSALS,
  type Reservation,
  type ReservationStatusBody,
} from '../../../shared/schemas/reservations.ts';
import { refusalCodes } from '../../api/errors.ts';
import { ConfirmedAction } from '../../components/confirmed-action.tsx';
import { showToast } from '../../components/toasts.tsx';
import { DeclineAllAction, DeclineMessageField, useStaffSave } from '../../staff/index.ts';
import {
  GuestConfirmed,
  GuestNotice,
  guestName,
  instantText,
  offersReviewHold,
  ReviewHoldToggle,
} from '../../staff-kit/index.ts';
import { holdsSeats } from './format.ts';
import { setReservationStatus } from './reservations-office-api.ts';
import { RESERVATIONS_TEXTS as T } from './reservations-office-texts.ts';

/**
 * Sends a status change; on success a toast and the day loaded again. A
 * booking that is no longer what this screen shows (a colleague answered it,
 * the guest cancelled it, 404 or 409) is shown again as it is.
 */
function useStatusChange() {
  const { save } = useStaffSave();
  return async (booking: Reservation, body: ReservationStatusBody, success: string) => {
    await save((token) => setReservationStatus(token, booking.id, body), {
      success,
      reloadOn: [404, 409],
      onFailure: (failure) => {
        if (!refusalCodes(failure).includes(RESERVATION_REFUSALS.transition)) return false;
        void showToast('warning', T.changedMeanwhile(booking.name));
        return true;
      },
    });
  };
}

/** One booking: who, when, how to reach them, and what staff can do with it. */
/**
 * The evening's next steps of a booking, each one tap: arrived, seated,
 * finished. A confirmed booking is offered them once it has tables (table
 * mode); in covers mode its card stays as it was.
 */
const STEPS: Partial<Record<Reservation['status'], ('arrived' | 'seated' | 'finished')[]>> = {
  confirmed: ['arrived', 'seated'],
  arrived: ['seated'],
  seated: ['finished'],
};

export function BookingCard({
  booking,
  tableNames,
}: {
  booking: Reservation;
  /** The plan's tables by id, once read (the day plan): their names instead of their numbers. */
  tableNames?: ReadonlyMap<number, string> | undefined;
}) {
  const id = useId();
  const change = useStatusChange();
  const [message, setMessage] = useState('');
  const done = !holdsSeats(booking);
  const lang = LANGUAGE_LABELS_IT[booking.lang as keyof typeof LANGUAGE_LABELS_IT] ?? booking.lang;
  const received = instantText(booking.createdAt);

  const actions: ReactNode[] = [];
  if (booking.status === 'pending') {
    actions.push(
      <ConfirmedAction
        key="confirm"
        label={T.confirm}
        question={T.confirmQuestion(booking)}
        confirmLabel={T.confirmYes}
        cancelLabel={T.back}
        onConfirm={() => change(booking, { status: 'confirmed' }, T.confirmed(booking.name))}
      />,
      <ConfirmedAction
        key="decline"
        label={T.decline}
        question={T.declineQuestion(booking)}
        confirmLabel={T.declineYes}
        cancelLabel={T.back}
        onConfirm={async () => {
          const text = message.trim();
          await change(
            booking,
            text ? { status: 'declined', message: text } : { status: 'declined' },
            T.declined(booking.name),
          );
        }}
      >
        {booking.email ? (
          <DeclineMessageField
            id={`${id}-message`}
            label={T.declineMessage}
            value={message}
            onChange={setMessage}
            hint={T.declineMessageHint}
          />
        ) : (
          <p className="staff-hint">{T.declineNoEmail}</p>
        )}
      </ConfirmedAction>,
    );
  }
  if (booking.status === 'pending') {
    actions.push(
      <DeclineAllAction
        key="decline-all"
        family="reservations"
        of={{
          id: booking.id,
          email: booking.email,
          phone: booking.phone,
          online: booking.source === 'online',
        }}
        texts={T}
      />,
    );
  }
  const steps =
    booking.status === 'confirmed' && booking.tableIds.length === 0
      ? []
      : (STEPS[booking.status] ?? []);
  for (const step of steps) {
    actions.push(
      <button
        key={step}
        type="button"
        className="staff-button staff-button--small"
        onClick={() => void change(booking, { status: step }, T.stepDone(booking.name, T[step]))}
      >
        {T[step]}
      </button>,
    );
  }
  if (booking.status === 'confirmed') {
    actions.push(
      <ConfirmedAction
        key="no-show"
        label={T.noShow}
        question={T.noShowQuestion(booking)}
        confirmLabel={T.noShowYes}
        cancelLabel={T.back}
        onConfirm={() => change(booking, { status: 'no-show' }, T.noShowDone(booking.name))}
      />,
    );
  }
  if (booking.status === 'pending' || booking.status === 'confirmed') {
    actions.push(
      <ConfirmedAction
        key="cancel"
        label={T.cancel}
        question={T.cancelQuestion(booking)}
        confirmLabel={T.cancelYes}
        cancelLabel={T.back}
        onConfirm={() => change(booking, { status: 'cancelled' }, T.cancelled(booking.name))}
      />,
    );
  }

  return (
    <li className={`booking${done ? ' booking--done' : ''}`}>
      <p className="booking__head">
        <span className="booking__time">{booking.time}</span>
        <span className="booking__name">{guestName(booking.name)}</span>
        <span className="booking__party">{T.persons(booking.party)}</span>
        <span className={`staff-badge booking__status booking__status--${booking.status}`}>
          {T.status[booking.status]}
        </span>
      </p>
      <GuestNotice guest={booking.guest} name={booking.name} className="booking__guest" />
      <dl className="booking__details">
        <div className="booking__wide">
          <dt>{T.phone}</dt>
          <dd>
            {booking.phone ? (
              <a
                className="booking__phone"
                href={telHref(booking.phone)}
                aria-label={T.callLabel(booking.name, booking.phone)}
              >
                {booking.phone}
              </a>
            ) : (
              T.noPhone
            )}
          </dd>
        </div>
        <div className="booking__wide">
          <dt>{T.email}</dt>
          <dd>
            {booking.email ? <a href={mailtoHref(booking.email)}>{booking.email}</a> : T.noEmail}
          </dd>
        </div>
        {booking.tableIds.length > 0 ? (
          <div>
            <dt>{T.tables}</dt>
            <dd className="booking__tables">
              {booking.tableIds.map((id) => tableNames?.get(id) ?? T.tableOf(id)).join(' + ')}
            </dd>
          </div>
        ) : null}
        {booking.notes ? (
          <div className="booking__wide">
            <dt>{T.notes}</dt>
            <dd className="booking__text">{booking.notes}</dd>
          </div>
        ) : null}
        {booking.staffMessage ? (
          <div className="booking__wide">
            <dt>{T.staffMessage}</dt>
            <dd className="booking__text">{booking.staffMessage}</dd>
          </div>
        ) : null}
        <div>
          <dt>{T.guestLang}</dt>
          <dd>{lang}</dd>
        </div>
        <div>
          <dt>{T.received}</dt>
          <dd>
            {T.source[booking.source]}
            {received ? (
              <>
                {', '}
                <time dateTime={booking.createdAt}>{received}</time>
              </>
            ) : null}
          </dd>
        </div>
      </dl>
      <GuestConfirmed at={booking.guestConfirmedAt} />
      {booking.overCapacity ? (
        <p className="booking__flag">
          <span className="staff-badge staff-badge--warning">{T.overCapacity}</span>
        </p>
      ) : null}
      {booking.conflict ? (
        <p className="booking__flag">
          <span className="staff-badge staff-badge--warning">{T.conflict}</span>
        </p>
      ) : null}
      {actions.length > 0 ? (
        <div className="booking__actions" role="group" aria-label={T.actionsFor(booking.name)}>
          {actions}
        </div>
      ) : null}
      {booking.email && offersReviewHold(booking) ? <ReviewHoldToggle booking={booking} /> : null}
    </li>
  );
}
