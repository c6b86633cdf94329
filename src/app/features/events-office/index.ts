/** The back office's event requests (/dashboard/events). */
export { EventsOffice } from './events-office.tsx';
export { loadEvents, shouldRevalidateEvents } from './load-events.ts';
