import { createContext } from 'react-router';
import type { Lang } from '../shared/languages.ts';
import type { MenuView } from '../shared/schemas/menu.ts';
import type { DetailsOf } from '../shared/schemas/errors.ts';
import type { RestaurantFacts } from '../shared/schemas/restaurant.ts';
import type { SiteTextsView } from '../shared/schemas/site-texts.ts';
import type { OpeningHoursAnswer } from '../shared/schemas/opening-hours.ts';
import type { PhotoFocus, PhotoView } from '../shared/schemas/photos.ts';
import type { FixedPhotoSlot } from '../shared/photo-slots.ts';
import type {
  AvailabilityAnswer,
  ReservationBody,
  ReservationStatus,
} from '../shared/schemas/reservations.ts';
import type { EventInquiryBody } from '../shared/schemas/events.ts';
import type {
  CreatedOrder,
  GuestOrder,
  OrderedItem,
  TakeawayOrderBody,
  TakeawaySlotsAnswer,
} from '../shared/schemas/takeaway.ts';

/**
 * What the server hands to loaders: they read data through the server's
 * services, with no HTTP hop. The server fills it per request;
 * the app only sees this interface, never the server's modules.
 */
export interface AppServices {
  /** The site's public origin, e.g. https://www.example.com (PUBLIC_URL). */
  publicUrl: string;
  /** Whether the first owner's setup page is open: no staff account exists yet. */
  setupOpen(): Promise<boolean>;
  /** The daily menu in a language, translated when a translation exists. */
  dailyMenu(lang: Lang): Promise<DailyMenuForVisitors>;
  /** The full menu in a language (staff's translation, else the machine's, else Italian). */
  menu(lang: Lang): Promise<MenuView>;
  /** The restaurant's own facts (name, phones, e-mail, address, links), as the owner set them. */
  restaurant(): Promise<RestaurantFacts>;
  /**
   * The page texts the owner writes (the home and about-us pages' story,
   * each page's meta description) in a language, placeholders filled in.
   */
  siteTexts(lang: Lang): Promise<SiteTextsView>;
  /** The opening hours with closure notes in a language, and today in Rome at the app's clock. */
  openingHours(lang: Lang): Promise<OpeningHoursAnswer>;
  /** Table reservations, as a guest's page uses them (the same rules as the API's). */
  reservations: GuestReservations;
  /** Takeaway orders, as the guest's pages use them (the same rules as the API's). */
  takeaway: GuestTakeaway;
  /** Requests for an event, as the guest's page /events uses them (the same rules as the API's). */
  events: GuestEvents;
  /** The review mail's stop link, as its page /reviews/stop uses it (the same rules as the API's). */
  reviews: GuestReviews;
  /**
   * Every photo slot in a language (GET /api/photos?lang=): the owner's
   * upload, else the picture shipped with the site. A page never knows which.
   */
  photos(lang: Lang): Promise<PhotoView[]>;
  /**
   * The social-share picture of the current name and hero (`og:image`): its
   * path on this site, drawn by the server and renamed whenever either changes.
   */
  socialCard(): Promise<{ path: string; width: number; height: number }>;
}

/** A picture shipped with the site, as the build made it (docs/decisions/014). */
export interface DefaultPhoto {
  width: number;
  height: number;
  /** Where its page crops it: the centre unless the drawing wants otherwise. */
  focus: PhotoFocus;
  sources: PhotoView['sources'];
  /** Its alt text in each language (the locale files'). */
  alt: Record<Lang, string>;
}

/**
 * The pictures shipped with the site, made by the build (content/images,
 * `?responsive`) and exported by the server entry (`defaultPhotos`), so that
 * the server knows their hashed URLs and sizes: each fixed slot's, and the
 * card of each seeded menu section by its key (a section staff added shows
 * the menu header's).
 */
export interface DefaultPhotos {
  slots: Record<FixedPhotoSlot, DefaultPhoto>;
  /** A card's alt text is its section's name. */
  sectionCards: Record<string, Omit<DefaultPhoto, 'alt'>>;
}

/** What the guest's pages (/reservations, /reservations/cancel, /reservations/confirm) do, through the server's service. */
export interface GuestReservations {
  /**
   * The largest party that books online, and every date from today to the
   * booking horizon, `open` when it has at least one slot (closed days,
   * closures and days too soon have none).
   */
  calendar(): Promise<{ maxPartyOnline: number; days: { date: string; open: boolean }[] }>;
  /**
   * The areas a guest may choose, named in `lang`: none unless the owner lets
   * guests choose and the floor plan has online-bookable areas with tables.
   */
  areas(lang: Lang): Promise<{ id: number; name: string }[]>;
  /** The slots of a date for a party (in an area, if chosen); a refusal when the party is over the online maximum. */
  availability(date: string, party: number, area?: number | null): Promise<AvailabilityOutcome>;
  /**
   * Books, as POST /api/reservations does: the body as the form sent it
   * (checked here), counted against `clientAddress`'s flood limit.
   */
  book(body: unknown, clientAddress: string): Promise<BookingOutcome>;
  /** The booking a cancel link names, or null when the link is not valid (or its time has passed). */
  cancellation(token: string): Promise<CancellationView | null>;
  /**
   * Cancels the booking a link names (the guest pressed the button), counted
   * against `clientAddress`'s limit as POST /api/reservations/cancel is.
   */
  cancel(token: string, clientAddress: string): Promise<CancellationView | null | 'rate-limited'>;
  /** How many months guests' details are kept after their last visit or order (the privacy page says it). */
  retentionMonths(): Promise<number>;
  /** The booking a reminder's "I'll be there" link names, or null when the link does not work. */
  attendance(token: string): Promise<AttendanceView | null>;
  /**
   * Records that the guest is coming (the button pressed), counted against
   * `clientAddress`'s limit as POST /api/reservations/attend is.
   */
  attend(token: string, clientAddress: string): Promise<AttendanceView | null | 'rate-limited'>;
}

export type AvailabilityOutcome =
  { ok: true; answer: AvailabilityAnswer } | { ok: false; code: 'party-too-large' };

export type BookingOutcome =
  | { ok: true; id: number; status: ReservationStatus }
  | {
      ok: false;
      code: 'not-a-slot' | 'slot-full' | 'party-too-large' | 'too-many-pending' | 'rate-limited';
    }
  | { ok: false; code: 'invalid'; fields: Partial<Record<keyof ReservationBody, string[]>> };

/** What the guest's pages (/takeaway, /takeaway/order) do, through the server's service. */
export interface GuestTakeaway {
  /**
   * Whether the restaurant takes orders online at all (off: the page and
   * its links are hidden), until when staff paused them (null: not paused),
   * and every date from today to the horizon, `open` when it has at least
   * one pickup time left for an order of one dish ready to hand.
   */
  calendar(): Promise<{
    enabled: boolean;
    pausedUntil: string | null;
    days: { date: string; open: boolean }[];
  }>;
  /** The pickup times of a date for an order of `items`, or null when a dish is not on the menu. */
  slots(date: string, items: readonly OrderedItem[]): Promise<TakeawaySlotsAnswer | null>;
  /**
   * Orders, as POST /api/takeaway/orders does: the body as the form sent it
   * (checked here), counted against `clientAddress`'s flood limits. The
   * answer carries the token of the order's status page.
   */
  order(body: unknown, clientAddress: string): Promise<TakeawayOrderOutcome>;
  /** The order a status link names, or null when the link is not valid. */
  status(token: string): Promise<GuestOrder | null>;
  /**
   * Cancels the order a status link names (the guest pressed the button),
   * counted against `clientAddress`'s limit as POST /api/takeaway/orders/cancel
   * is: null for a link that is not valid, 'too-late' once staff took it on.
   */
  cancel(
    token: string,
    clientAddress: string,
  ): Promise<GuestOrder | null | 'too-late' | 'rate-limited'>;
}

/** The codes a guest's takeaway order may be refused with, past its fields. */
export type TakeawayOrderRefusal =
  | 'item-unavailable'
  | 'slot-full'
  | 'not-a-slot'
  | 'paused'
  | 'disabled'
  | 'too-many-pending'
  | 'rate-limited';

export type TakeawayOrderOutcome =
  | { ok: true; order: CreatedOrder; statusToken: string }
  | {
      [Code in TakeawayOrderRefusal]: {
        ok: false;
        code: Code;
        /** The API's English description, for people. */
        description: string;
        /** What the page reads: the ids refused, the next slot that fits (REFUSAL_DETAILS). */
        details?: DetailsOf<Code>;
      };
    }[TakeawayOrderRefusal]
  | { ok: false; code: 'invalid'; fields: Partial<Record<keyof TakeawayOrderBody, string[]>> };

/** What the guest's page /events does, through the server's service. */
export interface GuestEvents {
  /**
   * Asks for an event, as POST /api/events/inquiries does: the body as the
   * form sent it (checked here, and its dates against the closures),
   * counted against `clientAddress`'s flood limits. The closures the date
   * picker shows come from `openingHours(lang)`.
   */
  inquire(body: unknown, clientAddress: string): Promise<EventInquiryOutcome>;
}

export type EventInquiryOutcome =
  | { ok: true; id: number }
  | { ok: false; code: 'rate-limited' | 'too-many-pending' }
  | { ok: false; code: 'invalid'; fields: Partial<Record<keyof EventInquiryBody, string[]>> };

/** What the stop link's page does (the review requests of CONTRACT.md part four). */
export interface GuestReviews {
  /** Whether the link works and whether the guest already stopped them: reading changes nothing. */
  view(token: string): Promise<{ valid: false } | { valid: true; stopped: boolean }>;
  /**
   * The guest pressed the button: no review request goes to them again
   * (`invalid`: the link does not work), counted against `clientAddress`'s
   * limit as POST /api/guests/stop-reviews is.
   */
  stop(token: string, clientAddress: string): Promise<'stopped' | 'invalid' | 'rate-limited'>;
}

/** A booking as its cancel page shows it. */
export interface CancellationView {
  id: number;
  name: string;
  party: number;
  date: string;
  time: string;
  status: ReservationStatus;
  lang: Lang;
}

/** A booking as its "I'll be there" page shows it: when its guest confirmed coming, if they did. */
export interface AttendanceView extends CancellationView {
  guestConfirmedAt: string | null;
}

/** What the home page shows of the daily menu. */
export interface DailyMenuForVisitors {
  lang: Lang;
  titolo: string;
  descrizione: string;
  infoAggiuntive: string;
  translation: 'staff' | 'machine' | 'none';
}

export const appServicesContext = createContext<AppServices>();

/**
 * The client's address as the server's flood limits know it (the socket's,
 * or the one a trusted proxy names): a page's action that writes for an
 * anonymous visitor (a booking posted without JavaScript) is limited like the API.
 */
export const clientAddressContext = createContext<string>();

/**
 * A random value the server makes for each render: the framework's own
 * inline scripts carry it (`nonce`), and the server's CSP hashes only the
 * scripts that do (src/server/pages/csp.ts).
 */
export const scriptMarkerContext = createContext<string>();
