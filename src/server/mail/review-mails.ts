import type { RestaurantFacts } from '../../shared/schemas/restaurant.ts';
import { mailToGuest } from './guest-mail.ts';
import { SECRET_LINK, type OutgoingMail, type SecretLink } from './message.ts';

/**
 * The review request (CONTRACT.md part four, "Guests"): the morning after a
 * visit or a collected order, a short thank-you in the guest's language
 * (src/shared/locales/xx/review-mails.json), a button to the owner's review
 * address and the stop link. It names the guest and the restaurant only:
 * never the booking's or order's notes, nor staff's notes or tags on the
 * guest (docs/security.md).
 */
export function reviewRequestMail(
  guest: { name: string; email: string; lang: string },
  context: {
    restaurant: RestaurantFacts;
    /** The owner's https review address (settings `reviews.url`). */
    reviewUrl: string;
    /** The stop link: put in by the outbox at send, never kept in the stored mail. */
    stopLink: SecretLink;
  },
): OutgoingMail {
  const { restaurant } = context;
  return mailToGuest('review-mails', 'review-request', guest, restaurant, (t) => ({
    subject: t('subject', { restaurant: restaurant.name }),
    blocks: [
      t('greeting', { name: guest.name }),
      t('body', { restaurant: restaurant.name }),
      { lead: t('ask'), label: t('button'), link: context.reviewUrl },
      { lead: t('stop'), label: t('stopButton'), link: SECRET_LINK },
    ],
    attached: { secretLink: context.stopLink },
  }));
}
