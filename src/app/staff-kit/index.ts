/**
 * The staff kit: what the back office's sections share without being the
 * staff layer (src/app/staff/: the session, how a section loads and saves).
 * Features import it, and each other never (a lint rule).
 */
export { DAY_NAVIGATOR_TEXTS, DayNavigator, type DayNavigatorTexts } from './day-navigator.tsx';
export {
  euros,
  eventKindName,
  instantDayText,
  instantText,
  longInstantText,
  momentText,
  numericInstantText,
  shortDay,
  spokenDate,
  spokenDay,
} from './format.ts';
export { GuestConfirmed } from './guest-confirmed.tsx';
export { fetchMenu } from './menu-api.ts';
export { INQUIRY_PARAM, inquiryHref } from './section-links.ts';
export { useLoad, type Load, type LoadState } from './use-load.ts';
export { POLL_EVERY_MS, usePolled, type PollFetcher, type PolledSnapshot } from './use-polled.ts';
// The translation review any translated record uses (a dish, the daily menu, a photo, the page texts).
export {
  FieldTranslationsReview,
  type FieldReview,
  type LanguageFieldsReview,
  type ReviewField,
  type ReviewTexts,
  type Texts,
} from './translations/field-translations-review.tsx';
export { LANGUAGE_NAMES, REVIEW_TEXTS } from './translations/texts.ts';
export { useTranslationPoll } from './translations/use-translation-poll.ts';
export { TranslationsSection } from './translations/translations-section.tsx';
export { offersReviewHold, REVIEW_HOLD_TEXTS, ReviewHoldToggle } from './review-hold-toggle.tsx';
// A guest's record where staff meet the guest (part four, "Guests"): the notice, the phone forms' lookup.
export { fetchGuest, fetchGuests } from './guests/guest-api.ts';
export { GuestNotice } from './guests/guest-notice.tsx';
export { GuestLookupInput, PickedGuest } from './guests/guest-lookup.tsx';
export { GUEST_LOOKUP_TEXTS, GUEST_NOTICE_TEXTS, guestName } from './guests/guest-texts.ts';
export {
  LOOKUP_DELAY_MS,
  useGuestLookup,
  type GuestLookup,
  type LookupField,
} from './guests/use-guest-lookup.ts';
