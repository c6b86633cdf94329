import type { OccupancyAnswer } from '../../../shared/schemas/reservations.ts';
import { RESERVATIONS_TEXTS as T } from './reservations-office-texts.ts';

/** Seated and held covers of a slot: what counts against the capacity. */
const loadOf = (slot: OccupancyAnswer['slots'][number]) => slot.covers + slot.held;

/**
 * Covers at each 15-minute slot against the capacity, the covers confirmed
 * events hold apart from the seated ones: folded on a phone, its
 * summary saying the busiest moment (or which slots are full), so the
 * bookings come first on a small screen.
 */
export function Occupancy({ occupancy }: { occupancy: OccupancyAnswer }) {
  const { capacity, slots } = occupancy;
  const full = slots.filter((slot) => loadOf(slot) >= capacity);
  const peak = slots.reduce<(typeof slots)[number] | null>(
    (best, slot) => (best === null || loadOf(slot) > loadOf(best) ? slot : best),
    null,
  );
  const summary =
    full.length > 0
      ? T.fullAt(full.map((slot) => slot.time))
      : peak && loadOf(peak) > 0
        ? T.peak(loadOf(peak), capacity, peak.time)
        : null;
  const anyHeld = slots.some((slot) => slot.held > 0);
  return (
    <details className="bookings__occupancy">
      <summary>
        <span className="bookings__occupancy-title">{T.occupancy}</span>
        {summary ? (
          <span className={full.length > 0 ? 'bookings__full' : undefined}>: {summary}</span>
        ) : null}
      </summary>
      {slots.length === 0 ? (
        <p>{T.noSlots}</p>
      ) : (
        <>
          <p className="staff-hint">
            {T.occupancyHint(occupancy.turnMinutes)} {anyHeld ? T.heldHint : null}
          </p>
          <ul className="bookings__slots" aria-label={T.slotsLabel}>
            {slots.map((slot) => {
              const isFull = loadOf(slot) >= capacity;
              const share = (covers: number) =>
                `${Math.round((capacity > 0 ? Math.min(1, covers / capacity) : 1) * 100)}%`;
              return (
                <li
                  key={slot.time}
                  className={`bookings__slot${isFull ? ' bookings__slot--full' : ''}`}
                >
                  <span>{T.slot(slot.time, slot.covers, slot.held, capacity)}</span>
                  {isFull ? (
                    <span className="bookings__slot-state">
                      {loadOf(slot) > capacity ? T.overCapacitySlot : T.full}
                    </span>
                  ) : null}
                  <span className="bookings__bar" aria-hidden="true">
                    <span style={{ width: share(slot.covers) }} />
                    {slot.held > 0 ? (
                      <span className="bookings__bar-held" style={{ width: share(slot.held) }} />
                    ) : null}
                  </span>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </details>
  );
}
