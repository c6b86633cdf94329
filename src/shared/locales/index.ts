/**
 * Every translation of the public site. Server-side code imports this whole
 * table; a page receives only its language's messages (the root loader).
 */
import type { Lang } from '../languages.ts';
import itCommon from './it/common.json' with { type: 'json' };
import itHome from './it/home.json' with { type: 'json' };
import itMenu from './it/menu.json' with { type: 'json' };
import itAbout from './it/about.json' with { type: 'json' };
import itContact from './it/contact.json' with { type: 'json' };
import itReservations from './it/reservations.json' with { type: 'json' };
import itTakeaway from './it/takeaway.json' with { type: 'json' };
import itEvents from './it/events.json' with { type: 'json' };
import itEventMails from './it/event-mails.json' with { type: 'json' };
import itPrivacy from './it/privacy.json' with { type: 'json' };
import enCommon from './en/common.json' with { type: 'json' };
import enHome from './en/home.json' with { type: 'json' };
import enMenu from './en/menu.json' with { type: 'json' };
import enAbout from './en/about.json' with { type: 'json' };
import enContact from './en/contact.json' with { type: 'json' };
import enReservations from './en/reservations.json' with { type: 'json' };
import enTakeaway from './en/takeaway.json' with { type: 'json' };
import enEvents from './en/events.json' with { type: 'json' };
import enEventMails from './en/event-mails.json' with { type: 'json' };
import enPrivacy from './en/privacy.json' with { type: 'json' };
import frCommon from './fr/common.json' with { type: 'json' };
import frHome from './fr/home.json' with { type: 'json' };
import frMenu from './fr/menu.json' with { type: 'json' };
import frAbout from './fr/about.json' with { type: 'json' };
import frContact from './fr/contact.json' with { type: 'json' };
import frReservations from './fr/reservations.json' with { type: 'json' };
import frTakeaway from './fr/takeaway.json' with { type: 'json' };
import frEvents from './fr/events.json' with { type: 'json' };
import frEventMails from './fr/event-mails.json' with { type: 'json' };
import frPrivacy from './fr/privacy.json' with { type: 'json' };
import esCommon from './es/common.json' with { type: 'json' };
import esHome from './es/home.json' with { type: 'json' };
import esMenu from './es/menu.json' with { type: 'json' };
import esAbout from './es/about.json' with { type: 'json' };
import esContact from './es/contact.json' with { type: 'json' };
import esReservations from './es/reservations.json' with { type: 'json' };
import esTakeaway from './es/takeaway.json' with { type: 'json' };
import esEvents from './es/events.json' with { type: 'json' };
import esEventMails from './es/event-mails.json' with { type: 'json' };
import esPrivacy from './es/privacy.json' with { type: 'json' };
import deCommon from './de/common.json' with { type: 'json' };
import deHome from './de/home.json' with { type: 'json' };
import deMenu from './de/menu.json' with { type: 'json' };
import deAbout from './de/about.json' with { type: 'json' };
import deContact from './de/contact.json' with { type: 'json' };
import deReservations from './de/reservations.json' with { type: 'json' };
import deTakeaway from './de/takeaway.json' with { type: 'json' };
import deEvents from './de/events.json' with { type: 'json' };
import deEventMails from './de/event-mails.json' with { type: 'json' };
import dePrivacy from './de/privacy.json' with { type: 'json' };

/** Italian is the source language: its keys are the reference for the others. */
export type Messages = {
  common: typeof itCommon;
  home: typeof itHome;
  menu: typeof itMenu;
  about: typeof itAbout;
  contact: typeof itContact;
  reservations: typeof itReservations;
  takeaway: typeof itTakeaway;
  events: typeof itEvents;
  /**
   * The event mails' texts (src/server/mail/event-mails.ts): the events page
   * names the services and areas with the same words the guest's mail repeats.
   */
  'event-mails': typeof itEventMails;
  /** The page /privacy: what the restaurant keeps about its guests. */
  privacy: typeof itPrivacy;
};
export type Namespace = keyof Messages;
export const NAMESPACES: readonly Namespace[] = [
  'common',
  'home',
  'menu',
  'about',
  'contact',
  'reservations',
  'takeaway',
  'events',
  'event-mails',
  'privacy',
];

export const MESSAGES: Record<Lang, Messages> = {
  it: {
    common: itCommon,
    home: itHome,
    menu: itMenu,
    about: itAbout,
    contact: itContact,
    reservations: itReservations,
    takeaway: itTakeaway,
    events: itEvents,
    'event-mails': itEventMails,
    privacy: itPrivacy,
  },
  en: {
    common: enCommon,
    home: enHome,
    menu: enMenu,
    about: enAbout,
    contact: enContact,
    reservations: enReservations,
    takeaway: enTakeaway,
    events: enEvents,
    'event-mails': enEventMails,
    privacy: enPrivacy,
  },
  fr: {
    common: frCommon,
    home: frHome,
    menu: frMenu,
    about: frAbout,
    contact: frContact,
    reservations: frReservations,
    takeaway: frTakeaway,
    events: frEvents,
    'event-mails': frEventMails,
    privacy: frPrivacy,
  },
  es: {
    common: esCommon,
    home: esHome,
    menu: esMenu,
    about: esAbout,
    contact: esContact,
    reservations: esReservations,
    takeaway: esTakeaway,
    events: esEvents,
    'event-mails': esEventMails,
    privacy: esPrivacy,
  },
  de: {
    common: deCommon,
    home: deHome,
    menu: deMenu,
    about: deAbout,
    contact: deContact,
    reservations: deReservations,
    takeaway: deTakeaway,
    events: deEvents,
    'event-mails': deEventMails,
    privacy: dePrivacy,
  },
};
