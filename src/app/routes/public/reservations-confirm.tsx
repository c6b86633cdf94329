import type { Route } from './+types/reservations-confirm';
import { publicPageMeta } from '../../seo.ts';
import { appServicesContext, clientAddressContext } from '../../context.ts';
import { ConfirmPage } from '../../features/reservations/confirm-page.tsx';
import { attendAction } from '../../features/reservations/booking-action.server.ts';
import { addressToken } from '../../token-link.server.ts';
import reservationsStylesHref from '../../styles/reservations.css?url';
import { pageMessages } from '../../i18n/page-messages.server.ts';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: reservationsStylesHref },
];

export const meta: Route.MetaFunction = ({ matches }) =>
  publicPageMeta(matches[0].loaderData, 'reservationConfirm', '/reservations/confirm');

export { tokenPageHeaders as headers } from '../../token-link.server.ts';

export { RouteErrorBoundary as ErrorBoundary } from '../../components/error-page.tsx';

/** The booking the link names, read only: opening the link must not confirm (mail scanners open links). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = addressToken(request);
  const booking = token
    ? await context.get(appServicesContext).reservations.attendance(token)
    : null;
  return { token, booking, ...pageMessages(request, 'reservations') };
}

/** The guest pressed "I'll be there". */
export async function action({ request, context }: Route.ActionArgs) {
  return attendAction(
    request,
    context.get(appServicesContext).reservations,
    context.get(clientAddressContext),
  );
}

export default function ReservationConfirm({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ConfirmPage
      token={loaderData.token}
      booking={actionData ? actionData.attended : loaderData.booking}
      answered={actionData !== undefined}
      rateLimited={actionData?.rateLimited ?? false}
    />
  );
}
