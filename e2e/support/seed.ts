/**
 * The seeded founding year's "over N years" as the pages count it: the
 * years from 1998 (migration 016) to this year, on the server's real clock.
 */
export const YEARS_SINCE_FOUNDING = new Date().getFullYear() - 1998;
