/** The back office's reservations (/dashboard/reservations). */
export { ReservationsOffice } from './reservations-office.tsx';
export { loadReservations } from './load-reservations.ts';
