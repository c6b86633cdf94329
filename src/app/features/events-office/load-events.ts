import type { ShouldRevalidateFunction } from 'react-router';
import {
  EVENT_STATUSES,
  type EventInquiry,
  type EventStatus,
} from '../../../shared/schemas/events.ts';
import { withSessionToken, type Loading } from '../../staff/index.ts';
import { INQUIRY_PARAM } from '../../staff-kit/index.ts';
import { fetchInquiries } from './events-office-api.ts';

/**
 * What is on screen is in the address, so that the phone's back button goes
 * from a request back to the list, and a login brings staff back to it:
 * `?stato=talking` the list shown, `?richiesta=12` the request open.
 */
export const STATUS_PARAM = 'stato';

export interface EventsView {
  /** The list asked for; without it, the open request's or the new ones. */
  status: EventStatus | null;
  /** The request open, if any. */
  openId: number | null;
}

export function viewOf(params: URLSearchParams): EventsView {
  const status = params.get(STATUS_PARAM);
  const open = params.get(INQUIRY_PARAM);
  return {
    status: EVENT_STATUSES.find((known) => known === status) ?? null,
    openId: open !== null && /^\d{1,9}$/.test(open) ? Number(open) : null,
  };
}

export interface EventsData {
  inquiries: Loading<EventInquiry[]>;
}

/**
 * The /dashboard/events route's client loader: every request at once (the
 * tabs' counts need them all). Not awaited, as in every back-office section.
 */
export function loadEvents(request: Request): EventsData {
  return { inquiries: withSessionToken((token) => fetchInquiries(token, request.signal)) };
}

/**
 * Another tab or request of the same screen is only another view of the
 * requests already loaded: not loaded again (which would show the loading
 * text between two taps). A save's reload still loads them.
 */
export const shouldRevalidateEvents: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}) =>
  currentUrl.pathname === nextUrl.pathname && currentUrl.search !== nextUrl.search
    ? false
    : defaultShouldRevalidate;
