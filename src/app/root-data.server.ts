import { languageOfRequest } from '../shared/languages.ts';
import { MESSAGES } from '../shared/locales/index.ts';
import type { AppServices } from './context.ts';

/**
 * The root loader's work: the request's language and its common messages
 * (each page's loader adds its own: src/app/i18n/page-messages.server.ts),
 * the restaurant's facts, which the layout, the pages and their metadata
 * show, the social-share card the metadata names, and whether takeaway
 * is on (its links in the top bar and on /menu show only then).
 */
export async function rootData(request: Request, services: AppServices) {
  const lang = languageOfRequest(request);
  const [restaurant, socialCard, takeaway] = await Promise.all([
    services.restaurant(),
    services.socialCard(),
    services.takeaway.calendar(),
  ]);
  return {
    lang,
    messages: { common: MESSAGES[lang].common },
    publicUrl: services.publicUrl,
    restaurant,
    socialCard,
    takeawayEnabled: takeaway.enabled,
  };
}
