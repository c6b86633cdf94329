/**
 * Links from one back-office section into another: what a section's address
 * says is on screen, so that another section can lead straight to it.
 */

/** Eventi's open request: `?richiesta=12`. */
export const INQUIRY_PARAM = 'richiesta';

/** A request's page in Eventi, from anywhere in the back office. */
export const inquiryHref = (id: number) => `/dashboard/events?${INQUIRY_PARAM}=${id}`;
