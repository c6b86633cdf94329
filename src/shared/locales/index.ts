/**
 * Every translation of the public site. Server-side code imports this whole
 * table; the browser loads one language at a time (src/app/i18n/load-messages.ts).
 */
import type { Lang } from '../languages.ts';
import itCommon from './it/common.json' with { type: 'json' };
import enCommon from './en/common.json' with { type: 'json' };
import frCommon from './fr/common.json' with { type: 'json' };
import esCommon from './es/common.json' with { type: 'json' };
import deCommon from './de/common.json' with { type: 'json' };

/** Italian is the source language: its keys are the reference for the others. */
export type Messages = { common: typeof itCommon };
export type Namespace = keyof Messages;
export const NAMESPACES: readonly Namespace[] = ['common'];

export const MESSAGES: Record<Lang, Messages> = {
  it: { common: itCommon },
  en: { common: enCommon },
  fr: { common: frCommon },
  es: { common: esCommon },
  de: { common: deCommon },
};
