/** The back office's frame: the header with its sections, and the login gate. */
export { BackOfficeShell } from './back-office-shell.tsx';
