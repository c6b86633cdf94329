import type { LinksFunction } from 'react-router';
import {
  EventsOffice,
  loadEvents,
  shouldRevalidateEvents,
} from '../../features/events-office/index.ts';
import eventsOfficeStylesHref from '../../styles/events-office.css?url';
import type { Route } from './+types/events';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: eventsOfficeStylesHref }];

export function clientLoader({ request }: Route.ClientLoaderArgs) {
  return loadEvents(request);
}

export const shouldRevalidate = shouldRevalidateEvents;

export default function Events({ loaderData }: Route.ComponentProps) {
  return <EventsOffice data={loaderData} />;
}
