import type { LinksFunction } from 'react-router';
import guestsStylesHref from '../styles/guests.css?url';
import staffStylesHref from '../styles/staff.css?url';

/**
 * The staff pages' stylesheets, linked by staff routes only, never loaded by
 * public pages: staff.css, and guests.css for the guest's notice that three
 * sections show (the day view, the evening view, the kitchen board).
 */
export const staffLinks: LinksFunction = () => [
  { rel: 'stylesheet', href: staffStylesHref },
  { rel: 'stylesheet', href: guestsStylesHref },
];
