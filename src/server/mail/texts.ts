import { createInstance } from 'i18next';
import { LANGUAGES, type Lang } from '../../shared/languages.ts';
import itReservation from '../../shared/locales/it/reservation-mails.json' with { type: 'json' };
import enReservation from '../../shared/locales/en/reservation-mails.json' with { type: 'json' };
import frReservation from '../../shared/locales/fr/reservation-mails.json' with { type: 'json' };
import esReservation from '../../shared/locales/es/reservation-mails.json' with { type: 'json' };
import deReservation from '../../shared/locales/de/reservation-mails.json' with { type: 'json' };
import itTakeaway from '../../shared/locales/it/takeaway-mails.json' with { type: 'json' };
import enTakeaway from '../../shared/locales/en/takeaway-mails.json' with { type: 'json' };
import frTakeaway from '../../shared/locales/fr/takeaway-mails.json' with { type: 'json' };
import esTakeaway from '../../shared/locales/es/takeaway-mails.json' with { type: 'json' };
import deTakeaway from '../../shared/locales/de/takeaway-mails.json' with { type: 'json' };
import itEvent from '../../shared/locales/it/event-mails.json' with { type: 'json' };
import enEvent from '../../shared/locales/en/event-mails.json' with { type: 'json' };
import frEvent from '../../shared/locales/fr/event-mails.json' with { type: 'json' };
import esEvent from '../../shared/locales/es/event-mails.json' with { type: 'json' };
import deEvent from '../../shared/locales/de/event-mails.json' with { type: 'json' };
import itReview from '../../shared/locales/it/review-mails.json' with { type: 'json' };
import enReview from '../../shared/locales/en/review-mails.json' with { type: 'json' };
import frReview from '../../shared/locales/fr/review-mails.json' with { type: 'json' };
import esReview from '../../shared/locales/es/review-mails.json' with { type: 'json' };
import deReview from '../../shared/locales/de/review-mails.json' with { type: 'json' };
import itStaff from '../../shared/locales/it/staff-mails.json' with { type: 'json' };

/**
 * The mails' texts, from the locale files: a guest's in the guest's
 * language, staff mails in Italian only, like every staff-facing text.
 */
const GUEST_TEXTS = {
  'reservation-mails': {
    it: itReservation,
    en: enReservation,
    fr: frReservation,
    es: esReservation,
    de: deReservation,
  },
  'takeaway-mails': {
    it: itTakeaway,
    en: enTakeaway,
    fr: frTakeaway,
    es: esTakeaway,
    de: deTakeaway,
  },
  'event-mails': {
    it: itEvent,
    en: enEvent,
    fr: frEvent,
    es: esEvent,
    de: deEvent,
  },
  'review-mails': {
    it: itReview,
    en: enReview,
    fr: frReview,
    es: esReview,
    de: deReview,
  },
} satisfies Record<string, Record<Lang, object>>;

export type GuestTexts = keyof typeof GUEST_TEXTS;

/** A translation by key; the mails' keys are plain strings. */
export type MailTexts = (key: string, values?: Record<string, unknown>) => string;

/**
 * One i18next instance for every mail, made once: mails are written by the
 * server alone, never with a request's instance. No escaping here: the
 * layout escapes every text for HTML.
 */
const i18n = createInstance();
void i18n.init({
  lng: 'it',
  fallbackLng: false,
  ns: [...Object.keys(GUEST_TEXTS), 'staff-mails'],
  resources: Object.fromEntries(
    LANGUAGES.map((lang) => [
      lang,
      {
        ...Object.fromEntries(
          Object.entries(GUEST_TEXTS).map(([namespace, texts]) => [namespace, texts[lang]]),
        ),
        ...(lang === 'it' ? { 'staff-mails': itStaff } : {}),
      },
    ]),
  ),
  initAsync: false,
  interpolation: { escapeValue: false },
});

/** i18next's types know the pages' namespaces only (src/app/i18n): the mails' go by name. */
const fixedT = i18n.getFixedT.bind(i18n) as (lng: string, namespace: string) => MailTexts;

/** A guest mail's texts in the guest's language. */
export const guestTexts = (namespace: GuestTexts, lang: Lang) => fixedT(lang, namespace);

/** The staff mails' texts (Italian). */
export const staffTexts = fixedT('it', 'staff-mails');
