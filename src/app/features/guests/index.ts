/** The back office's guest records (/dashboard/guests). */
export { GuestsOffice } from './guests-office.tsx';
export { loadGuests, shouldRevalidateGuests } from './load-guests.ts';
