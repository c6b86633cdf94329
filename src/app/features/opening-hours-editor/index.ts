/** The back office's opening hours, closures and special days (/dashboard/hours). */
export { OpeningHoursEditor } from './hours-editor.tsx';
export { RestaurantFactsPanel } from './facts-form.tsx';
export { fetchOpeningHours, fetchRestaurantFacts } from './opening-hours-api.ts';
