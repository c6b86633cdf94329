import type { ShouldRevalidateFunction } from 'react-router';
import type { GuestRecord } from '../../../shared/schemas/guest-records.ts';
import { withSessionToken, type Loading } from '../../staff/index.ts';
import { fetchGuests } from '../../staff-kit/index.ts';
import { fetchGuestTags } from './guests-api.ts';

/** The guest open, in the address (`?ospite=<key>`): the phone's back button returns to the list. */
export const GUEST_PARAM = 'ospite';

export const openKeyOf = (params: URLSearchParams): string | null => {
  const key = params.get(GUEST_PARAM);
  return key !== null && /^[A-Za-z0-9_-]{16}$/.test(key) ? key : null;
};

export interface GuestsData {
  /** The guests seen most recently (GET /api/guests without q). */
  recent: Loading<GuestRecord[]>;
  /** The owner's list of tags, which staff choose from. */
  tags: Loading<{ tags: string[] }>;
}

/** The /dashboard/guests route's client loader: not awaited, as in every back-office section. */
export function loadGuests(request: Request): GuestsData {
  return {
    recent: withSessionToken((token) => fetchGuests(token, null, request.signal)),
    tags: withSessionToken((token) => fetchGuestTags(token, request.signal)),
  };
}

/** Opening a guest, or going back to the list, is another view of what is loaded: not loaded again. */
export const shouldRevalidateGuests: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}) =>
  currentUrl.pathname === nextUrl.pathname && currentUrl.search !== nextUrl.search
    ? false
    : defaultShouldRevalidate;
