/** The contact messages panel, and the call its route's client loader makes. */
export { Inbox } from './inbox.tsx';
export { fetchMessages } from './inbox-api.ts';
