import { languageOfRequest } from '../shared/languages.ts';
import { MESSAGES } from '../shared/locales/index.ts';
import type { AppServices } from './context.ts';

/** The root loader's work: the request's language and its messages. */
export function rootData(request: Request, services: AppServices) {
  const lang = languageOfRequest(request);
  return { lang, messages: MESSAGES[lang], publicUrl: services.publicUrl };
}
