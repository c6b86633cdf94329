import type { RESERVATION_REFUSALS } from './reservations.ts';
import type { EVENT_REFUSALS } from './events.ts';
import type { TAKEAWAY_REFUSALS } from './takeaway.ts';
import type { FLOOR_REFUSALS } from './floor.ts';
import { z } from './zod.ts';

/*
 * The codes of the API's refusals, `4xx {errors: [{code, description,
 * details?}]}`: kebab-case, each declared once here (the reservations' in
 * reservations.ts, takeaway's in takeaway.ts), answered by the routes and
 * read by the back office. The description is for people; the code is what
 * a client decides on, and `details` (declared per code in REFUSAL_DETAILS
 * below) the data it reads.
 */

/** Login, password recovery, one's own password, owners' routes. */
export const AUTH_REFUSALS = {
  /** Wrong e-mail or password (401). */
  invalidCredentials: 'invalid-credentials',
  /** Too many failed logins on this account from this address: locked for a while (429). */
  accountLocked: 'account-locked',
  /** Too many wrong current passwords while changing one's own (429). */
  tooManyAttempts: 'too-many-attempts',
  /** The password reset link is unknown, used or expired (400). */
  invalidToken: 'invalid-token',
  /** A staff member called a route only owners may call (403). */
  ownerOnly: 'owner-only',
} as const;

/** Colleagues' accounts and invitations (409 unless said). */
export const STAFF_REFUSALS = {
  /** An account already has this e-mail. */
  emailTaken: 'email-taken',
  /** An account already has this username. */
  usernameTaken: 'username-taken',
  /** The change would leave no owner to manage the accounts. */
  lastOwner: 'last-owner',
  /** An owner cannot remove their own account. */
  cannotRemoveSelf: 'cannot-remove-self',
  /** The invitation was accepted, revoked or has expired: it cannot be revoked. */
  notPending: 'not-pending',
  /** The invitation link is unknown, used, revoked or expired (400). */
  invalidInvitation: 'invalid-invitation',
  /** The first owner's setup link is unknown, used, replaced by a newer start, or expired (401). */
  invalidSetupLink: 'invalid-setup-link',
} as const;

/** The menu and the daily menu (409). */
export const MENU_REFUSALS = {
  /** A section still holding dishes cannot be deleted. */
  sectionNotEmpty: 'section-not-empty',
  /** A staff translation written against Italian that has changed since. */
  italianChanged: 'italian-changed',
} as const;

/** An uploaded picture the server will not take (400; docs/security.md item 45). */
export const PHOTO_REFUSALS = {
  /** Not a JPEG, PNG, WebP or AVIF by its bytes (an SVG, a PDF, text…), whatever its Content-Type said. */
  unsupportedImage: 'unsupported-image',
  /** An iPhone's HEIC photo: the server's image library cannot decode it; the phone can send JPEG. */
  heicNotSupported: 'heic-not-supported',
  /** More pixels than PHOTO_MAX_PIXELS (50 megapixels). */
  imageTooLarge: 'image-too-large',
  /** A file cut short or damaged: it cannot be decoded whole. */
  damagedImage: 'damaged-image',
} as const;

/** Staff notifications (409). */
export const PUSH_REFUSALS = {
  /** The caller already has PUSH_DEVICES_MAX devices: one must be removed before another is added. */
  tooManyDevices: 'too-many-devices',
} as const;

/**
 * Too many requests from one address (429, with `retry-after`): login and
 * recovery, invitations, the contact form, bookings. The menu's CSV import
 * and the contact form refuse nothing else with a code (a bad file or
 * message is a field error).
 */
export const RATE_LIMITED = 'rate-limited';

type ValueOf<T> = T[keyof T];

/** Every code a refusal may carry. */
export type ErrorCode =
  | ValueOf<typeof AUTH_REFUSALS>
  | ValueOf<typeof STAFF_REFUSALS>
  | ValueOf<typeof MENU_REFUSALS>
  | ValueOf<typeof PHOTO_REFUSALS>
  | ValueOf<typeof PUSH_REFUSALS>
  | typeof RATE_LIMITED
  | ValueOf<typeof RESERVATION_REFUSALS>
  | ValueOf<typeof TAKEAWAY_REFUSALS>
  | ValueOf<typeof EVENT_REFUSALS>
  | ValueOf<typeof FLOOR_REFUSALS>;

/**
 * The data a refusal carries for programs, by code: a client reads these,
 * never its description (which says the same for people, in English). Only
 * the codes listed here carry `details`, and only where the server knows
 * them (a full table's slot-full names no later time: it has no `details`).
 */
export const REFUSAL_DETAILS = {
  /** The dishes that cannot be ordered now (sold out, not for takeaway, unknown, or not in that size). */
  'item-unavailable': z.object({ unavailableIds: z.array(z.number().int()) }),
  /** A takeaway slot that cannot take the order: the first later time of that day that can ("HH:MM"), or null. */
  'slot-full': z.object({ nextTime: z.string().nullable() }),
} satisfies Partial<Record<ErrorCode, z.ZodType>>;

/** The `details` of each code that carries some. */
export type RefusalDetails = {
  [Code in keyof typeof REFUSAL_DETAILS]: z.infer<(typeof REFUSAL_DETAILS)[Code]>;
};

/** The `details` a refusal of `Code` may carry (never, for a code that carries none). */
export type DetailsOf<Code extends string> = Code extends keyof RefusalDetails
  ? RefusalDetails[Code]
  : never;

/** One refusal on the wire. */
export const refusalItem = z.object({
  code: z.string(),
  description: z.string(),
  details: z.record(z.string(), z.unknown()).optional(),
});

/** A refused operation's body: 4xx `{errors: [{code, description, details?}]}`. */
export const refusalBody = z.object({ errors: z.array(refusalItem).min(1) });
