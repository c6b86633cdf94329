import { loadReservations, ReservationsOffice } from '../../features/reservations-office/index.ts';
import type { Route } from './+types/reservations';

export function clientLoader({ request }: Route.ClientLoaderArgs) {
  return loadReservations(request);
}

export default function Reservations({ loaderData }: Route.ComponentProps) {
  return <ReservationsOffice data={loaderData} />;
}
