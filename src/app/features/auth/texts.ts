/**
 * Every staff-facing text, in Italian only (staff screens are Italian; these
 * texts are not in the public locale files). The screens' titles, labels,
 * warnings and messages are fixed word for word: tests assert them. The
 * failure dialog says "Contatta" (not the misspelt "Contattata").
 */

export const COMMON_TEXTS = {
  backToLogin: 'Torna al Login',
  busy: 'Invio in corso...',
  showPassword: 'Mostra password',
  showPasswords: 'Mostra le password',
  email: 'Email',
  password: 'Password',
  homeLink: 'Torna al sito',
  staffArea: 'Area riservata',
  loading: 'Caricamento in corso...',
} as const;

export const LOGIN_TEXTS = {
  title: 'Accedi al tuo account',
  forgotPassword: 'Hai dimenticato la tua password?',
  submit: 'Accedi',
  success: 'Login avvenuto con successo!',
  failure: 'Errore durante il login. Riprova.',
} as const;

export const SEND_EMAIL_TEXTS = {
  title: 'Recupera la tua password',
  intro:
    "Inserisci l'email del tuo account: ti invieremo un link per scegliere una nuova password.",
  submit: 'Invia Email',
  success: 'Email inviata, controlla il tuo indirizzo per resettare la password.',
} as const;

export const RESET_TEXTS = {
  title: 'Cambia password',
  newPassword: 'Nuova password',
  repeatPassword: 'Ripeti la password',
  hint: 'Almeno 12 caratteri. Evita le password comuni.',
  submit: 'Cambia password',
  bothRequired: 'Compila entrambi i campi.',
  mismatch: 'Le password non coincidono',
  success: 'La password è stata reimpostata con successo.',
  missingToken:
    'Il link non contiene il codice per reimpostare la password. Richiedi una nuova email di recupero.',
  requestNewLink: 'Richiedi una nuova email',
} as const;

export const DASHBOARD_TEXTS = {
  logout: 'Disconnetti',
  logoutSuccess: 'Logout effettuato.',
  logoutFailure: 'Errore durante il logout.',
  greeting: (firstName: string) => `Ciao ${firstName}`,
  intro: 'Modifica il menu del giorno inserendo i dettagli richiesti.',
  loadingUser: 'Caricamento dati utente...',
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

export const COLLEAGUES_TEXTS = {
  title: 'Colleghi',
  intro: "Le persone che possono accedere all'area riservata e modificare il menu del giorno.",
  loading: 'Caricamento colleghi...',
  empty: 'Nessun collega registrato.',
  loadFailed: 'Impossibile caricare l’elenco dei colleghi.',
  since: (date: string) => `Registrato il ${date}`,
  registerTitle: 'Registra un collega',
  registerIntro:
    'Crea un account per un collega: riceverà le credenziali da te e potrà cambiarle con «Hai dimenticato la tua password?».',
  username: 'Nome utente',
  firstName: 'Nome',
  lastName: 'Cognome',
  optional: '(facoltativo)',
  passwordHint: 'Almeno 12 caratteri. Evita le password comuni.',
  submit: 'Registra',
  busy: 'Registrazione in corso...',
  success: 'Registrazione avvenuta con successo!',
  failure: 'Errore durante la registrazione. Riprova.',
} as const;

/** The generic handler for failed API calls. */
export const ERROR_TEXTS = {
  unknownItem: 'Errore sconosciuto',
  loginRequired: 'Effettua il login',
  generic: 'Si è verificato un errore.',
  network: 'Errore sconosciuto.',
} as const;

/** Using the auth state outside its provider is an error. */
export const USER_PROVIDER_ERROR =
  'useUser must be used inside the user provider (<UserProvider>).';
