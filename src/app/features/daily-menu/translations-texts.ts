/**
 * The translation review's texts, in Italian like every staff text, in the
 * dashboard's voice ("tu", short sentences).
 */

export const TRANSLATIONS_TEXTS = {
  title: 'Traduzioni del menu del giorno',
  intro:
    'Quando salvi il menu, viene tradotto automaticamente in inglese, francese, spagnolo e tedesco. Controlla le traduzioni e correggile se serve: i visitatori vedono la tua versione finché non cambi il menu in italiano.',
  loading: 'Caricamento traduzioni...',
  loadFailed: 'Impossibile caricare le traduzioni.',
  emptyMenu: 'Il menu del giorno è vuoto: scrivilo e salvalo per vederne le traduzioni.',
  refreshing: 'Traduzione del menu in corso...',

  pendingNote: 'Intanto i visitatori vedono il menu in italiano.',
  stale: 'Il menu in italiano è cambiato: ricontrolla la traduzione.',
  staleDetail:
    'La tua correzione precedente non viene più mostrata. Salva di nuovo la traduzione oppure usa quella automatica.',

  titolo: 'Titolo',
  piatti: 'Piatti',
  info: 'Informazioni',

  commaHint: 'Separa ogni opzione con la virgola',
  saved: (inName: string) =>
    `Traduzione ${inName} salvata: i visitatori vedono ora la tua versione.`,
  removed: (inName: string, machineReady: boolean) =>
    machineReady
      ? `Correzione ${inName} rimossa: i visitatori vedono la traduzione automatica.`
      : `Correzione ${inName} rimossa: i visitatori vedono il menu in italiano finché la traduzione automatica non è pronta.`,
} as const;
