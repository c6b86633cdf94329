import type { ContactBody } from '../../shared/schemas/contact.ts';
import { RESTAURANT_TIME_ZONE } from '../../shared/opening-hours.ts';
import { renderMail, type Block } from './layout.ts';
import { SECRET_LINK, type OutgoingMail, type SecretLink } from './message.ts';
import { staffTexts as t } from './texts.ts';

/*
 * Mails to the staff, in Italian like every staff-facing text (texts in
 * src/shared/locales/it/staff-mails.json). `restaurant` is the restaurant's
 * name as the owner set it (restaurantName in the mail's transaction):
 * subjects and signatures carry it.
 */

/** A staff mail: Italian, signed with the restaurant's name. */
const staffMail = (restaurant: string, blocks: (Block | false)[]) =>
  renderMail(blocks, { lang: 'it', signature: restaurant });

export function passwordResetMail(
  restaurant: string,
  to: string,
  firstName: string,
  link: SecretLink,
): OutgoingMail {
  return {
    kind: 'password-reset',
    to,
    secretLink: link,
    subject: t('passwordReset.subject', { restaurant }),
    ...staffMail(restaurant, [
      t('greeting', { firstName }),
      t('passwordReset.request'),
      { lead: t('passwordReset.link'), label: t('passwordReset.button'), link: SECRET_LINK },
      t('passwordReset.notYou'),
    ]),
  };
}

/** Tell the owner of the account that its password changed. */
export function passwordChangedMail(
  restaurant: string,
  to: string,
  firstName: string,
): OutgoingMail {
  return {
    kind: 'password-changed',
    to,
    subject: t('passwordChanged.subject', { restaurant }),
    ...staffMail(restaurant, [
      t('greeting', { firstName }),
      t('passwordChanged.changed'),
      t('passwordChanged.notYou'),
    ]),
  };
}

/** A colleague invited by an owner chooses their own password through the link. */
export function invitationMail(
  restaurant: string,
  to: string,
  firstName: string,
  invitedBy: string,
  link: SecretLink,
): OutgoingMail {
  return {
    kind: 'staff-invitation',
    to,
    secretLink: link,
    subject: t('invitation.subject', { restaurant }),
    ...staffMail(restaurant, [
      t('greeting', { firstName }),
      t('invitation.invited', { invitedBy, restaurant }),
      { lead: t('invitation.link'), label: t('invitation.button'), link: SECRET_LINK },
      t('invitation.unexpected'),
    ]),
  };
}

/** Every owner hears of every new account, however it was made. */
export function newAccountNoticeMail(
  restaurant: string,
  to: string,
  firstName: string,
  account: { email: string; fullName: string; roleLabel: string; how: string },
): OutgoingMail {
  return {
    kind: 'staff-new-account',
    to,
    subject: t('newAccount.subject', { restaurant }),
    ...staffMail(restaurant, [
      t('greeting', { firstName }),
      t('newAccount.created', {
        how: account.how,
        fullName: account.fullName,
        email: account.email,
        role: account.roleLabel,
      }),
      t('newAccount.unknown'),
    ]),
  };
}

/**
 * Many failed logins on one account from many addresses within an hour: no
 * per-address lock stops a campaign spread like that, so people are told.
 */
export function loginAlertMail(
  restaurant: string,
  to: string,
  account: string,
  failures: number,
): OutgoingMail {
  return {
    kind: 'login-alert',
    to,
    subject: t('loginAlert.subject', { restaurant }),
    ...staffMail(restaurant, [
      t('greetingNoName'),
      t('loginAlert.failures', { failures, account }),
      t('loginAlert.advice'),
    ]),
  };
}

/**
 * A visitor's message from the contact page, to the restaurant (`to`),
 * received at `at` on a page in `lang`. Reply-To is the visitor, so that
 * answering the mail answers them; the message is quoted as typed. Personal,
 * like a booking's mails: the outbox keeps no body once it is sent or given up.
 */
export function contactMessageMail(
  body: ContactBody,
  lang: string,
  at: string,
  to: string,
): OutgoingMail {
  const who = `${body.firstName} ${body.lastName}`;
  const when = new Date(at).toLocaleString('it-IT', { timeZone: RESTAURANT_TIME_ZONE });
  return {
    kind: 'contact',
    to,
    replyTo: body.email,
    subject: t('contact.subject', { who }),
    ...renderMail(
      [
        t('contact.from', { who, email: body.email, when, lang }),
        { quote: body.message },
        t('contact.reply', { firstName: body.firstName }),
      ],
      { lang: 'it' },
    ),
    // The guest's own words, name and address: emptied once sent (item 42).
    personal: true,
  };
}
