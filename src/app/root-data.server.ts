import { languageOfRequest } from '../shared/languages.ts';
import { MESSAGES } from '../shared/locales/index.ts';
import type { AppServices } from './context.ts';

/**
 * The root loader's work: the request's language and its common messages
 * (each page's loader adds its own: src/app/i18n/page-messages.server.ts),
 * the restaurant's facts, which the layout, the pages and their metadata
 * show, and the social-share card the metadata names.
 */
export async function rootData(request: Request, services: AppServices) {
  const lang = languageOfRequest(request);
  const [restaurant, socialCard] = await Promise.all([
    services.restaurant(),
    services.socialCard(),
  ]);
  return {
    lang,
    messages: { common: MESSAGES[lang].common },
    publicUrl: services.publicUrl,
    restaurant,
    socialCard,
  };
}
