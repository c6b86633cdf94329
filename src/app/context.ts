import { createContext } from 'react-router';

/**
 * What the server hands to loaders (ENGINEERING.md: loaders read data through
 * the server's services, with no HTTP hop). The server fills it per request;
 * the app only sees this interface, never the server's modules.
 */
export interface AppServices {
  /** The site's public origin, e.g. https://www.example.com (CONTRACT.md PUBLIC_URL). */
  publicUrl: string;
}

export const appServicesContext = createContext<AppServices>();
