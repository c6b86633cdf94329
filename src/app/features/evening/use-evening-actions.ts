import { useCallback } from 'react';
import { FLOOR_REFUSALS } from '../../../shared/schemas/floor.ts';
import {
  RESERVATION_REFUSALS,
  type ReservationStatusBody,
} from '../../../shared/schemas/reservations.ts';
import { refusalsOf } from '../../api/errors.ts';
import { showToast } from '../../components/toasts.tsx';
import { useStaffSave } from '../../staff/index.ts';
import { changeBooking, seatWalkIn } from './evening-api.ts';
import { EVENING_TEXTS as T } from './evening-texts.ts';

/** A move the server refused because the tables are taken: what it said, to offer "Sposta comunque". */
export interface TakenMove {
  bookingId: number;
  tableIds: number[];
  description: string;
}

/**
 * The evening's saves through the staff layer's one save hook: a step
 * (arrived, seated, finished), a move, a walk-in. Each asks the day plan
 * again at once (`refresh`), instead of reloading the route: the plan is
 * polled, not loaded.
 */
export function useEveningActions(refresh: () => void) {
  const { save, busy } = useStaffSave();

  const changedMeanwhile = useCallback(
    (name: string) => (failure: Parameters<typeof refusalsOf>[0]) => {
      const codes = refusalsOf(failure).map((refusal) => refusal.code);
      if (!codes.includes(RESERVATION_REFUSALS.transition)) return false;
      void showToast('warning', T.changedMeanwhile(name));
      refresh();
      return true;
    },
    [refresh],
  );

  /** Arrived, seated or finished: true once saved. */
  const step = useCallback(
    async (booking: { id: number; name: string }, status: 'arrived' | 'seated' | 'finished') => {
      const result = await save((token) => changeBooking(token, booking.id, { status }), {
        success: T.stepDone(booking.name, T.status[status]!),
        then: false,
        reloadOn: [],
        onFailure: changedMeanwhile(booking.name),
      });
      refresh();
      return result?.ok ?? false;
    },
    [save, refresh, changedMeanwhile],
  );

  /**
   * To other tables: 'moved', 'taken' (the server's words in `taken`, to
   * move anyway with `override`) or 'failed' (told by a toast).
   */
  const move = useCallback(
    async (
      booking: { id: number; name: string },
      tableIds: number[],
      tablesName: string,
      override = false,
    ): Promise<{ outcome: 'moved' | 'failed' } | { outcome: 'taken'; taken: TakenMove }> => {
      let taken: TakenMove | null = null;
      const body: ReservationStatusBody = override ? { tableIds, override: true } : { tableIds };
      const result = await save((token) => changeBooking(token, booking.id, body), {
        success: T.moved(booking.name, tablesName),
        then: false,
        reloadOn: [],
        onFailure: (failure) => {
          const refusal = refusalsOf(failure).find((item) => item.code === FLOOR_REFUSALS.taken);
          if (!refusal) return changedMeanwhile(booking.name)(failure);
          taken = { bookingId: booking.id, tableIds, description: refusal.description };
          return true;
        },
      });
      refresh();
      if (taken) return { outcome: 'taken', taken };
      return { outcome: result?.ok ? 'moved' : 'failed' };
    },
    [save, refresh, changedMeanwhile],
  );

  /** A walk-in seated now at `tableIds`: true once saved. */
  const walkIn = useCallback(
    async (tableIds: number[], tableName: string, party: number, name: string) => {
      const result = await save(
        (token) =>
          seatWalkIn(token, {
            party,
            tableIds,
            ...(name.trim() ? { name: name.trim() } : {}),
          }),
        {
          success: T.walkInDone(tableName, party),
          then: false,
          reloadOn: [],
          onFailure: (failure) => {
            if (failure.kind !== 'http' || failure.status !== 409) return false;
            void showToast('warning', T.walkInFull);
            return true;
          },
        },
      );
      refresh();
      return result?.ok ?? false;
    },
    [save, refresh],
  );

  return { step, move, walkIn, busy, refresh };
}
