import type { TranslationLang } from './translations-api.ts';

/**
 * The translation review's texts, in Italian like every staff text, in the
 * dashboard's voice ("tu", short sentences).
 */

/** Language names as headings ("Tedesco") and inside a sentence ("in tedesco"). */
export const LANGUAGE_NAMES: Record<TranslationLang, { name: string; inName: string }> = {
  en: { name: 'Inglese', inName: 'in inglese' },
  fr: { name: 'Francese', inName: 'in francese' },
  es: { name: 'Spagnolo', inName: 'in spagnolo' },
  de: { name: 'Tedesco', inName: 'in tedesco' },
};

export const TRANSLATIONS_TEXTS = {
  title: 'Traduzioni del menu del giorno',
  intro:
    'Quando salvi il menu, viene tradotto automaticamente in inglese, francese, spagnolo e tedesco. Controlla le traduzioni e correggile se serve: i visitatori vedono la tua versione finché non cambi il menu in italiano.',
  loading: 'Caricamento traduzioni...',
  loadFailed: 'Impossibile caricare le traduzioni.',
  emptyMenu: 'Il menu del giorno è vuoto: scrivilo e salvalo per vederne le traduzioni.',
  refreshing: 'Traduzione del menu in corso...',

  badgeStaff: 'Traduzione del personale',
  badgeMachine: 'Traduzione automatica',
  badgePending: 'In attesa di traduzione',
  badgeNone: 'Nessuna traduzione: i visitatori vedono l’italiano',

  visitorsSee: 'I visitatori vedono:',
  pendingNote: 'Intanto i visitatori vedono il menu in italiano.',
  stale: 'Il menu in italiano è cambiato: ricontrolla la traduzione.',
  staleDetail:
    'La tua correzione precedente non viene più mostrata. Salva di nuovo la traduzione oppure usa quella automatica.',

  italian: 'Italiano',
  machine: 'Traduzione automatica',
  machinePending: 'Traduzione in corso...',
  machineNone: 'Nessuna traduzione automatica disponibile.',
  titolo: 'Titolo',
  piatti: 'Piatti',
  info: 'Informazioni',
  emptyValue: '—',

  legend: (inName: string) => `Correggi la traduzione ${inName}`,
  commaHint: 'Separa ogni opzione con la virgola',
  unsaved: 'Modifiche non salvate.',
  save: 'Salva traduzione',
  useMachine: 'Usa la traduzione automatica',
  busy: 'Salvataggio in corso...',
  saved: (inName: string) =>
    `Traduzione ${inName} salvata: i visitatori vedono ora la tua versione.`,
  removed: (inName: string, machineReady: boolean) =>
    machineReady
      ? `Correzione ${inName} rimossa: i visitatori vedono la traduzione automatica.`
      : `Correzione ${inName} rimossa: i visitatori vedono il menu in italiano finché la traduzione automatica non è pronta.`,
} as const;
