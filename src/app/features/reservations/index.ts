/** What the takeaway pages reuse of the booking pages: the limits and checks of a guest's contact fields. */
export {
  checkGuestContact,
  EMAIL_MAX,
  NAME_MAX,
  NOTES_MAX,
  PHONE_MAX,
  type GuestContact,
} from './booking.ts';
