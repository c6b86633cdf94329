import { createContext } from 'react-router';
import type { Lang } from '../shared/languages.ts';
import type { MenuView } from '../shared/schemas/menu.ts';
import type { RestaurantFacts } from '../shared/schemas/restaurant.ts';
import type { OpeningHoursAnswer } from '../shared/schemas/opening-hours.ts';

/**
 * What the server hands to loaders: they read data through the server's
 * services, with no HTTP hop. The server fills it per request;
 * the app only sees this interface, never the server's modules.
 */
export interface AppServices {
  /** The site's public origin, e.g. https://www.example.com (PUBLIC_URL). */
  publicUrl: string;
  /** The daily menu in a language, translated when a translation exists. */
  dailyMenu(lang: Lang): Promise<DailyMenuForVisitors>;
  /** The full menu in a language (staff's translation, else the machine's, else Italian). */
  menu(lang: Lang): Promise<MenuView>;
  /** The restaurant's own facts (name, phones, e-mail, address, links), as the owner set them. */
  restaurant(): Promise<RestaurantFacts>;
  /** The opening hours with closure notes in a language, and today in Rome at the app's clock. */
  openingHours(lang: Lang): Promise<OpeningHoursAnswer>;
}

/** What the home page shows of the daily menu. */
export interface DailyMenuForVisitors {
  lang: Lang;
  titolo: string;
  descrizione: string;
  infoAggiuntive: string;
  translation: 'staff' | 'machine' | 'none';
}

export const appServicesContext = createContext<AppServices>();

/**
 * A random value the server makes for each render: the framework's own
 * inline scripts carry it (`nonce`), and the server's CSP hashes only the
 * scripts that do (src/server/pages/csp.ts).
 */
export const scriptMarkerContext = createContext<string>();
