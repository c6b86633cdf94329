import { useRouteLoaderData } from 'react-router';
import type { RestaurantFacts } from '../../shared/schemas/restaurant.ts';
import type { RootData } from '../root.tsx';

/**
 * The restaurant's facts (name, phones, e-mail, address, links) as the server
 * read them from the database for this page: they come with the root
 * loader's data, so the HTML is rendered with the current facts, the page
 * cache drops it when they change, and no code is loaded to fetch them.
 */
export function useRestaurant(): RestaurantFacts {
  const facts = useRouteLoaderData<RootData>('root')?.restaurant;
  if (!facts) throw new Error("The restaurant's facts come with the root loader's data.");
  return facts;
}

/**
 * The name alone, or undefined without the root loader's data: staff screens
 * use it as decoration (a logo's text, a reply's subject), never worth
 * failing a screen for.
 */
export function useRestaurantName(): string | undefined {
  return useRouteLoaderData<RootData>('root')?.restaurant.name;
}

/**
 * Whether the restaurant takes takeaway orders online (the root loader's
 * data): the links to /takeaway show only then. Without that data, no link.
 */
export function useTakeawayEnabled(): boolean {
  return useRouteLoaderData<RootData>('root')?.takeawayEnabled === true;
}
