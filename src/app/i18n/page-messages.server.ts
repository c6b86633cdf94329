import { languageOfRequest } from '../../shared/languages.ts';
import { MESSAGES, type Messages, type Namespace } from '../../shared/locales/index.ts';

/**
 * A page's own texts, for its loader's data. The root loader sends only the
 * `common` namespace (src/app/root-data.server.ts) and src/app/root.tsx puts
 * the namespaces of the matched routes together, so a page's hydration data
 * holds the texts it shows and none of the other pages'.
 */
export function pageMessages<N extends Namespace>(
  request: Request,
  namespace: N,
): { messages: Pick<Messages, N> } {
  const all = MESSAGES[languageOfRequest(request)];
  return { messages: { [namespace]: all[namespace] } as Pick<Messages, N> };
}
