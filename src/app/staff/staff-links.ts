import type { LinksFunction } from 'react-router';
import staffStylesHref from '../styles/staff.css?url';

/** The staff pages' stylesheet: linked by staff routes only, never loaded by public pages. */
export const staffLinks: LinksFunction = () => [{ rel: 'stylesheet', href: staffStylesHref }];
