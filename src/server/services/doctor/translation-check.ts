import { providerFromConfig } from '../translation/index.ts';
import { fail, ok, warn, type Check } from './check.ts';

/**
 * The translation provider answers a call that translates nothing
 * (TranslationProvider.probe). Without one the site still works: visitors
 * read the Italian wherever staff have typed no translation.
 */
export const translationCheck: Check = async ({ config, timeoutMs }) => {
  const provider = providerFromConfig(config);
  if (provider === null) {
    return warn(
      'translation',
      'no provider: menus stay in Italian until staff type the translations',
      'set DEEPL_API_KEY (or LIBRETRANSLATE_URL) to translate every save automatically',
    );
  }
  const result = await provider.probe(AbortSignal.timeout(timeoutMs));
  if (result.ok) return ok('translation', result.detail);
  const deepl = provider.name === 'DeepL';
  const address = deepl ? 'DEEPL_SERVER_URL (unset: DeepL’s own)' : 'LIBRETRANSLATE_URL';
  const advice = {
    key: deepl
      ? 'DEEPL_API_KEY is wrong or revoked: copy it again from the DeepL account (a Free plan key ends in :fx)'
      : // Its /languages takes no key: a refusal there is the server's or a proxy's in front of it.
        'the LibreTranslate server (or a proxy in front of it) refuses this machine: ask its administrator',
    unreachable: `check ${address} and that this machine reaches it (DNS, firewall, outgoing HTTPS)`,
    answer: `${address} answers, but not as ${provider.name}: check the address${
      deepl ? '' : ', and that the server loads Italian, English, French, Spanish and German'
    }`,
  }[result.reason];
  return fail('translation', result.detail, advice);
};
