/** The back office's event requests (/dashboard/events). */
export { EventsOffice } from './events-office.tsx';
export { inquiryHref, loadEvents, shouldRevalidateEvents } from './load-events.ts';
export { kindName } from './format.ts';
