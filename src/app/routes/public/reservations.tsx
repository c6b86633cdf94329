import type { Route } from './+types/reservations';
import { publicPageMeta } from '../../seo.ts';
import { loadPageTexts } from '../../site-texts.server.ts';
import { languageOfRequest } from '../../../shared/languages.ts';
import { appServicesContext, clientAddressContext } from '../../context.ts';
import { BookingPage } from '../../features/reservations/booking-page.tsx';
import {
  NOTHING_SENT,
  readArea,
  readChoice,
  type BookingPageData,
  type BookingResult,
} from '../../features/reservations/booking.ts';
import { bookingAction } from '../../features/reservations/booking-action.server.ts';
import reservationsStylesHref from '../../styles/reservations.css?url';
import { pageMessages } from '../../i18n/page-messages.server.ts';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: reservationsStylesHref },
];

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  publicPageMeta(matches[0].loaderData, 'reservations', '/reservations', {
    description: loaderData?.description,
  });

export { RouteErrorBoundary as ErrorBoundary } from '../../components/error-page.tsx';

/**
 * The calendar (days and the largest online party), and the times of the
 * party and date in the address: the choice form's answer without JavaScript.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(appServicesContext);
  const { reservations } = services;
  const lang = languageOfRequest(request);
  const [calendar, areas, { description }] = await Promise.all([
    reservations.calendar(),
    reservations.areas(lang),
    loadPageTexts(services, lang, 'reservations'),
  ]);
  const params = new URL(request.url).searchParams;
  const { party, date } = readChoice(params, calendar.days);
  const area = readArea(params, areas);
  let slots: BookingPageData['slots'] = null;
  if (party !== null && party <= calendar.maxPartyOnline && date !== null) {
    const availability = await reservations.availability(
      date,
      party,
      ...(area !== null ? [area] : []),
    );
    // Refused only when the online maximum dropped since the calendar was read: nothing to offer.
    slots = availability.ok ? availability.answer.slots : [];
  }
  const data: BookingPageData = {
    maxParty: calendar.maxPartyOnline,
    days: calendar.days,
    party,
    date,
    slots,
    // Only where guests choose: otherwise the page's data is as it always was.
    ...(areas.length > 0 ? { areas, area } : {}),
  };
  return { ...data, description, ...pageMessages(request, 'reservations') };
}

/** The booking form's post, counted against the client's address like the API's. */
export async function action({ request, context }: Route.ActionArgs) {
  const { reservations } = context.get(appServicesContext);
  return bookingAction(request, reservations, context.get(clientAddressContext));
}

/**
 * With JavaScript a post that never got an answer (the connection dropped,
 * the server failed) is told beside the form, which keeps what was typed,
 * instead of replacing the page with the error page.
 */
export async function clientAction({
  serverAction,
}: Route.ClientActionArgs): Promise<BookingResult> {
  try {
    return await serverAction();
  } catch {
    return {
      outcome: { ok: false, code: 'failed' },
      values: NOTHING_SENT,
    };
  }
}

export default function ReservationsPage({ loaderData, actionData }: Route.ComponentProps) {
  return <BookingPage data={loaderData} result={actionData} />;
}
