/**
 * The reservations domain's one public face: what another domain may use of
 * it. Events hold covers and tables of a service: they take the bookings' lock
 * while a confirmed event's hold changes, write a hold of every cover as
 * `HOLD_ALL`, and count a change of the bookings so the availability cache
 * follows it. A guest's link signing, matching and limits are the guest
 * core's (services/guests/), not this domain's.
 */
export { lockBookings } from './lock.ts';
export { HOLD_ALL } from './held-covers.ts';
export { bumpBookingsVersion } from './rows.ts';
export { assignUnassigned } from './assign.ts';
