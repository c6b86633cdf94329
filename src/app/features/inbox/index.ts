/** The contact messages panel. */
export { Inbox } from './inbox.tsx';
