/**
 * The daily menu's texts. The failure dialog says "Contatta" (not the misspelt
 * "Contattata"). In Italian only (staff screens are Italian; these texts are
 * not in the public locale files), fixed word for word: tests assert them.
 */

/** /dashboard: the greeting and the daily-menu form. */
export const DASHBOARD_TEXTS = {
  greeting: (firstName: string) => `Ciao ${firstName}`,
  intro: 'Modifica il menu del giorno inserendo i dettagli richiesti.',
  loadingUser: 'Caricamento dati utente...',
  loadFailed: 'Impossibile caricare il menu del giorno.',
  retry: 'Riprova',
  formTitle: 'Menu del giorno',
  titolo: 'Nome del menu',
  descrizione: 'Descrizione',
  infoAggiuntive: 'Informazioni aggiuntive',
  commaHint: 'Separa ogni opzione con la virgola',
  draftNotice: 'Testo non ancora salvato: premi «Aggiorna» per pubblicarlo.',
  submit: 'Aggiorna',
  saving: 'Salvataggio in corso...',
  close: 'Chiudi',
} as const;

/** The daily-menu update's result dialogs. */
export const DIALOG_TEXTS = {
  successTitle: 'Aggiornamento eseguito con successo.',
  successBody: (statusText: string) =>
    `Il contenuto è stato aggiornato correttamente. Success: ${statusText}.`,
  failureTitle: 'Qualcosa è andato storto.',
  failureBody: (detail: string) =>
    // The 401 detail already ends with a full stop: do not print two.
    `Il contenuto non è stato aggiornato. Errore: ${detail.replace(/\.$/, '')}. Contatta lo sviluppatore per ulteriori chiarimenti.`,
  unauthorizedDetail: 'non sei autorizzato a compiere questa azione. 401 unauthorized.',
  unknownDetail: 'Errore sconosciuto',
} as const;
