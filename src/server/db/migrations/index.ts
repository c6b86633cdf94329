import type { Migration } from 'kysely/migration';
import * as initial from './001-initial.ts';
import * as translations from './002-translations.ts';
import * as contactMessages from './003-contact-messages.ts';
import * as contentVersion from './004-content-version.ts';
import * as rolesInvitationsAudit from './005-roles-invitations-audit.ts';
import * as loginThrottle from './006-login-throttle.ts';
import * as outboxSecretLinks from './007-outbox-secret-links.ts';
import * as menu from './008-menu.ts';
import * as dailyMenuTextTranslations from './009-daily-menu-text-translations.ts';
import * as openingHours from './010-opening-hours.ts';
import * as restaurantFacts from './011-restaurant-facts.ts';
import * as reservations from './012-reservations.ts';
import * as reservationGuests from './013-reservation-guests.ts';
import * as outboxFailedRowsKeepNothing from './014-outbox-failed-rows-keep-nothing.ts';
import * as siteTexts from './015-site-texts.ts';
import * as restaurantFounding from './016-restaurant-founding.ts';
import * as photos from './017-photos.ts';
import * as menuKitchenTakeaway from './018-menu-kitchen-takeaway.ts';
import * as takeawaySettings from './019-takeaway-settings.ts';
import * as takeawayOrders from './020-takeaway-orders.ts';
import * as takeawayBoard from './021-takeaway-board.ts';
import * as eventInquiries from './022-event-inquiries.ts';
import * as eventReplies from './023-event-replies.ts';
import * as backupRuns from './024-backup-runs.ts';
import * as push from './025-push.ts';
import * as contactMailsPersonal from './026-contact-mails-personal.ts';
import * as menuNotesAndMap from './027-menu-notes-and-map.ts';
import * as guestLinksKey from './028-guest-links-key.ts';
import * as floorPlan from './029-floor-plan.ts';
import * as guests from './030-guests.ts';
import * as guestSearch from './031-guest-search.ts';
import * as anonymisedHistory from './032-anonymised-history.ts';
import * as reportIndexes from './033-report-indexes.ts';
import * as setupToken from './034-setup-token.ts';
import * as guestPhoneIndexes from './035-guest-phone-indexes.ts';
import * as emailPatternIndexes from './036-email-pattern-indexes.ts';
import type { SqlDialect } from './columns.ts';

/**
 * Every migration by name, in order. Listed statically rather than found on
 * disk so that they run the same from any working directory and from a
 * bundled build.
 */
export function migrations(dialect: SqlDialect): Record<string, Migration> {
  return {
    '001-initial': { up: (db) => initial.up(db, dialect), down: initial.down },
    '002-translations': { up: translations.up, down: translations.down },
    '003-contact-messages': {
      up: (db) => contactMessages.up(db, dialect),
      down: contactMessages.down,
    },
    '004-content-version': { up: contentVersion.up, down: contentVersion.down },
    '005-roles-invitations-audit': {
      up: (db) => rolesInvitationsAudit.up(db, dialect),
      down: rolesInvitationsAudit.down,
    },
    '006-login-throttle': { up: loginThrottle.up, down: loginThrottle.down },
    '007-outbox-secret-links': { up: outboxSecretLinks.up, down: outboxSecretLinks.down },
    '008-menu': { up: (db) => menu.up(db, dialect), down: menu.down },
    '009-daily-menu-text-translations': {
      up: dailyMenuTextTranslations.up,
      down: dailyMenuTextTranslations.down,
    },
    '010-opening-hours': { up: (db) => openingHours.up(db, dialect), down: openingHours.down },
    '011-restaurant-facts': { up: restaurantFacts.up, down: restaurantFacts.down },
    '012-reservations': { up: (db) => reservations.up(db, dialect), down: reservations.down },
    '013-reservation-guests': { up: reservationGuests.up, down: reservationGuests.down },
    '014-outbox-failed-rows-keep-nothing': {
      up: outboxFailedRowsKeepNothing.up,
      down: outboxFailedRowsKeepNothing.down,
    },
    '015-site-texts': { up: siteTexts.up, down: siteTexts.down },
    '016-restaurant-founding': { up: restaurantFounding.up, down: restaurantFounding.down },
    '017-photos': { up: (db) => photos.up(db, dialect), down: photos.down },
    '018-menu-kitchen-takeaway': { up: menuKitchenTakeaway.up, down: menuKitchenTakeaway.down },
    '019-takeaway-settings': { up: takeawaySettings.up, down: takeawaySettings.down },
    '020-takeaway-orders': {
      up: (db) => takeawayOrders.up(db, dialect),
      down: takeawayOrders.down,
    },
    '021-takeaway-board': { up: takeawayBoard.up, down: takeawayBoard.down },
    '022-event-inquiries': {
      up: (db) => eventInquiries.up(db, dialect),
      down: eventInquiries.down,
    },
    '023-event-replies': { up: eventReplies.up, down: eventReplies.down },
    '024-backup-runs': { up: backupRuns.up, down: backupRuns.down },
    '025-push': { up: (db) => push.up(db, dialect), down: push.down },
    '026-contact-mails-personal': {
      up: contactMailsPersonal.up,
      down: contactMailsPersonal.down,
    },
    '027-menu-notes-and-map': { up: menuNotesAndMap.up, down: menuNotesAndMap.down },
    '028-guest-links-key': { up: guestLinksKey.up, down: guestLinksKey.down },
    '029-floor-plan': {
      up: (db) => floorPlan.up(db, dialect),
      down: (db) => floorPlan.down(db, dialect),
    },
    '030-guests': { up: (db) => guests.up(db, dialect), down: guests.down },
    '031-guest-search': { up: guestSearch.up, down: guestSearch.down },
    '032-anonymised-history': { up: anonymisedHistory.up, down: anonymisedHistory.down },
    '033-report-indexes': { up: reportIndexes.up, down: reportIndexes.down },
    '034-setup-token': { up: setupToken.up, down: setupToken.down },
    '035-guest-phone-indexes': { up: guestPhoneIndexes.up, down: guestPhoneIndexes.down },
    '036-email-pattern-indexes': {
      up: (db) => emailPatternIndexes.up(db, dialect),
      down: (db) => emailPatternIndexes.down(db, dialect),
    },
  };
}
