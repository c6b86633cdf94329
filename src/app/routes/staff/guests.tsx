import { GuestsOffice, loadGuests, shouldRevalidateGuests } from '../../features/guests/index.ts';
import type { Route } from './+types/guests';

export function clientLoader({ request }: Route.ClientLoaderArgs) {
  return loadGuests(request);
}

export const shouldRevalidate = shouldRevalidateGuests;

export default function Guests({ loaderData }: Route.ComponentProps) {
  return <GuestsOffice data={loaderData} />;
}
