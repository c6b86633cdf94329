/** The back office's opening hours, closures and special days (/dashboard/hours). */
export { OpeningHoursEditor } from './hours-editor.tsx';
export { fetchClosureTranslations, fetchOpeningHours } from './opening-hours-api.ts';
