import { StaffPanel, useUser } from '../../staff/index.ts';
import { PhoneBooking } from './booking-form.tsx';
import { DayBookings, DayNav } from './day-view.tsx';
import { GuestDataPanel } from './guest-data.tsx';
import type { ReservationsData } from './load-reservations.ts';
import { ReservationSettingsPanel } from './reservation-settings.tsx';
import { RESERVATIONS_TEXTS as T } from './reservations-office-texts.ts';

/**
 * /dashboard/reservations: a day's bookings (those to answer first), the
 * covers per slot, bookings taken by phone; the owner's settings; one
 * guest's data on request.
 */
export function ReservationsOffice({ data }: { data: ReservationsData }) {
  const { user } = useUser();
  const isOwner = user?.role === 'owner';
  return (
    <>
      <StaffPanel heading="h1" title={T.title} className="bookings">
        <p className="staff-panel__intro">
          {T.intro} {isOwner ? null : T.ownerOnlyNote}
        </p>
        <PhoneBooking date={data.date} />
        <DayNav date={data.date} today={data.today} />
        {/* Keyed by the day: another day shows its loading text, not the last day's bookings. */}
        <DayBookings
          key={data.date}
          date={data.date}
          reservations={data.reservations}
          occupancy={data.occupancy}
        />
      </StaffPanel>
      {isOwner ? <ReservationSettingsPanel settings={data.settings} /> : null}
      <GuestDataPanel />
    </>
  );
}
