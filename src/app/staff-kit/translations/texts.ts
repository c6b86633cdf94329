import {
  LANGUAGE_LABELS_IT,
  LANGUAGE_NAMES_IT,
  TARGET_LANGS,
  type TargetLang,
} from '../../../shared/languages.ts';

/** Language names as headings ("Tedesco") and inside a sentence ("in tedesco"). */
export const LANGUAGE_NAMES = Object.fromEntries(
  TARGET_LANGS.map((lang) => [
    lang,
    { name: LANGUAGE_LABELS_IT[lang], inName: `in ${LANGUAGE_NAMES_IT[lang]}` },
  ]),
) as Record<TargetLang, { name: string; inName: string }>;

/** The review's texts, in the back office's voice ("tu", short sentences). */
export const REVIEW_TEXTS = {
  badgeStaff: 'Traduzione del personale',
  badgeMachine: 'Traduzione automatica',
  badgePending: 'In attesa di traduzione',
  badgeNone: 'Nessuna traduzione: i visitatori vedono l’italiano',
  visitorsSee: 'I visitatori vedono:',
  stale: 'Il testo in italiano è cambiato: ricontrolla la traduzione.',
  staleDetail:
    'La tua correzione precedente non viene più mostrata. Salva di nuovo la traduzione oppure usa quella automatica.',
  italian: 'Italiano',
  machine: 'Traduzione automatica',
  machinePending: 'Traduzione in corso...',
  machineNone: 'Nessuna traduzione automatica disponibile.',
  emptyValue: '—',
  legend: (inName: string) => `Correggi la traduzione ${inName}`,
  unsaved: 'Modifiche non salvate.',
  save: 'Salva traduzione',
  useMachine: 'Usa la traduzione automatica',
  busy: 'Salvataggio in corso...',
  nothingToSave: 'Nessuna correzione da salvare: il testo è quello della traduzione automatica.',
} as const;
