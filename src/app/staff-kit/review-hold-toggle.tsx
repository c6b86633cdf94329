import { romeDate } from '../../shared/opening-hours.ts';
import { RESERVATION_REFUSALS, reservationAnswer } from '../../shared/schemas/reservations.ts';
import { apiRequest, parseAnswer } from '../api/client.ts';
import { refusalCodes } from '../api/errors.ts';
import { showToast } from '../components/toasts.tsx';
import { useStaffSave } from '../staff/index.ts';

export const REVIEW_HOLD_TEXTS = {
  label: 'Non inviare la richiesta di recensione',
  on: 'Non verrà inviata',
  off: 'Verrà inviata la mattina dopo',
  held: (name: string) => `Richiesta di recensione trattenuta per ${name}.`,
  released: (name: string) => `La richiesta di recensione per ${name} partirà la mattina dopo.`,
  decided: (name: string) =>
    `La richiesta di recensione per ${name} è già stata decisa: non si può più cambiare.`,
};

/**
 * Whether a booking's card offers "non inviare": once the guests are (or
 * were) at the table, and for a confirmed booking of today (CONTRACT.md part
 * four, "Guests": the request follows a booking marked seated or finished).
 */
export const offersReviewHold = (booking: { status: string; date: string }, now = Date.now()) =>
  booking.status === 'seated' ||
  booking.status === 'finished' ||
  (booking.status === 'confirmed' && booking.date === romeDate(new Date(now)));

/**
 * "Non inviare la richiesta di recensione" on a booking (the day view's card,
 * the evening view's sheet): PATCH /api/reservations/{id} `{noReview}`
 * through the one save hook. Once the morning after decided the request,
 * the server refuses (409 `review-decided`), said in a toast.
 */
export function ReviewHoldToggle({
  booking,
  then,
  onSaved,
}: {
  booking: { id: number; name: string; noReview: boolean };
  /** After a save: the day view reloads its route (the default); the evening view refreshes its plan. */
  then?: 'reload' | false;
  onSaved?: () => void;
}) {
  const { save, busy } = useStaffSave();

  async function toggle(hold: boolean) {
    await save(
      async (token) =>
        parseAnswer(
          await apiRequest('PATCH', `/reservations/${booking.id}`, {
            token,
            body: { noReview: hold },
          }),
          reservationAnswer,
        ),
      {
        success: hold
          ? REVIEW_HOLD_TEXTS.held(booking.name)
          : REVIEW_HOLD_TEXTS.released(booking.name),
        then: then ?? 'reload',
        reloadOn: [404, 409],
        onFailure: (failure) => {
          if (!refusalCodes(failure).includes(RESERVATION_REFUSALS.reviewDecided)) return false;
          void showToast('warning', REVIEW_HOLD_TEXTS.decided(booking.name));
          return true;
        },
      },
    );
    onSaved?.();
  }

  return (
    <label className="staff-switch review-hold">
      <input
        type="checkbox"
        role="switch"
        checked={booking.noReview}
        disabled={busy}
        onChange={(event) => void toggle(event.target.checked)}
      />
      {REVIEW_HOLD_TEXTS.label}
      {/* The switch itself says whether it is on: this is for the eye. */}
      <span className="bookings__switch-state" aria-hidden="true">
        {booking.noReview ? REVIEW_HOLD_TEXTS.on : REVIEW_HOLD_TEXTS.off}
      </span>
    </label>
  );
}
