import { ONE_LINE_TEXT, z } from './zod.ts';
import { LANGUAGES } from '../languages.ts';

/** A contact message is at most 5,000 characters. */
export const CONTACT_MESSAGE_MAX = 5000;

/** Names end up in a mail subject: one line, no control or bidi characters. */
const name = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(ONE_LINE_TEXT, 'must not contain control characters');

/**
 * POST /api/contact, used by the form and the route alike.
 * `website` is a honeypot: people never see it, so only robots fill it.
 */
export const contactBody = z.strictObject({
  firstName: name,
  lastName: name,
  email: z.string().trim().max(254).pipe(z.email()),
  message: z.string().trim().min(1).max(CONTACT_MESSAGE_MAX),
  privacy: z.literal(true, { error: 'the privacy policy must be accepted' }),
  lang: z.enum(LANGUAGES).optional(),
  website: z.string().max(200).optional(),
});
export type ContactBody = z.infer<typeof contactBody>;

/** The staff inbox, newest first (GET /api/contact-messages). */
export const contactMessagesAnswer = z.object({
  messages: z.array(
    z.object({
      id: z.number(),
      firstName: z.string(),
      lastName: z.string(),
      email: z.string(),
      message: z.string(),
      /** The language of the page the visitor wrote from. */
      lang: z.string(),
      /** ISO date and time. */
      createdAt: z.string(),
      read: z.boolean(),
      /** How the outbox is doing with the e-mail that forwards it to the restaurant. */
      delivery: z
        .object({
          status: z.enum(['pending', 'sent', 'failed']),
          attempts: z.number(),
          lastError: z.string().nullable(),
        })
        .nullable(),
    }),
  ),
});
export type ContactMessage = z.infer<typeof contactMessagesAnswer>['messages'][number];
export type Delivery = NonNullable<ContactMessage['delivery']>;
