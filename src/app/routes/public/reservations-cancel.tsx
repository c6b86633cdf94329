import type { Route } from './+types/reservations-cancel';
import { publicPageMeta } from '../../seo.ts';
import { appServicesContext, clientAddressContext } from '../../context.ts';
import { CancelPage } from '../../features/reservations/cancel-page.tsx';
import { cancelAction } from '../../features/reservations/booking-action.server.ts';
import { addressToken } from '../../token-link.server.ts';
import reservationsStylesHref from '../../styles/reservations.css?url';
import { pageMessages } from '../../i18n/page-messages.server.ts';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: reservationsStylesHref },
];

export const meta: Route.MetaFunction = ({ matches }) =>
  publicPageMeta(matches[0].loaderData, 'reservationCancel', '/reservations/cancel');

export { tokenPageHeaders as headers } from '../../token-link.server.ts';

export { RouteErrorBoundary as ErrorBoundary } from '../../components/error-page.tsx';

/** The booking the link names, read only: opening the link must not cancel (mail scanners open links). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = addressToken(request);
  const booking = token
    ? await context.get(appServicesContext).reservations.cancellation(token)
    : null;
  return { token, booking, ...pageMessages(request, 'reservations') };
}

/** The guest pressed "Cancel my booking". */
export async function action({ request, context }: Route.ActionArgs) {
  return cancelAction(
    request,
    context.get(appServicesContext).reservations,
    context.get(clientAddressContext),
  );
}

export default function ReservationCancel({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <CancelPage
      token={loaderData.token}
      booking={actionData ? actionData.cancelled : loaderData.booking}
      answered={actionData !== undefined}
      rateLimited={actionData?.rateLimited ?? false}
    />
  );
}
