import 'i18next';
import type { Messages } from '../../shared/locales/index.ts';

// Key types come from the Italian resources.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: Messages;
  }
}
