/** The restaurant's own facts: the owner's form (/dashboard/hours) and the call that reads them. */
export { RestaurantFactsPanel } from './facts-form.tsx';
export { fetchRestaurantFacts } from './restaurant-facts-api.ts';
