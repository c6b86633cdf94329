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
  /** The logo's text: it links to the public site. */
  logoAlt: (restaurant: string | undefined) =>
    restaurant ? `${restaurant} – Torna al sito` : 'Torna al sito',
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

/** The back office's sections, in the header at every width. */
export const NAV_TEXTS = {
  label: 'Sezioni',
  dailyMenu: 'Menu del giorno',
  reservations: 'Prenotazioni',
  menu: 'Menu',
  hours: 'Orari e dati',
  print: 'Stampa e QR',
  messages: 'Messaggi',
  team: 'Colleghi',
  audit: 'Registro attività',
  account: 'Il mio account',
} as const;

export const COLLEAGUES_TEXTS = {
  title: 'Colleghi',
  intro: "Le persone che possono accedere all'area riservata.",
  ownerOnlyNote: 'Solo il titolare invita, rimuove o cambia il ruolo dei colleghi.',
  loading: 'Caricamento colleghi...',
  empty: 'Nessun collega registrato.',
  loadFailed: 'Impossibile caricare l’elenco dei colleghi.',
  since: (date: string) => `Registrato il ${date}`,
  you: 'tu',
  makeOwner: 'Rendi titolare',
  makeStaff: 'Rendi staff',
  confirmRole: (name: string, role: string) =>
    `Vuoi davvero cambiare il ruolo di ${name} in ${role}?`,
  roleChanged: 'Ruolo aggiornato.',
  remove: 'Rimuovi',
  confirmRemove: (name: string) =>
    `Vuoi davvero rimuovere l'account di ${name}? Non potrà più accedere.`,
  removed: 'Account rimosso.',
  inviteTitle: 'Invita un collega',
  inviteIntro:
    'Il collega riceve un’e-mail con un link valido 7 giorni e sceglie da solo la propria password.',
  firstName: 'Nome',
  lastName: 'Cognome',
  role: 'Ruolo',
  inviteSubmit: 'Invia invito',
  inviteBusy: 'Invio in corso...',
  invited: (email: string) => `Invito inviato a ${email}.`,
  inviteFailure: 'Errore durante l’invio dell’invito. Riprova.',
  invitationsTitle: 'Inviti',
  noInvitations: 'Nessun invito inviato.',
  expires: (date: string) => `Scade il ${date}`,
  invitedBy: (email: string) => `Invitato da ${email}`,
  revoke: 'Revoca',
  revoked: 'Invito revocato.',
} as const;

export const AUDIT_TEXTS = {
  title: 'Registro attività',
  intro: 'Chi ha modificato cosa, e quando. Le voci più recenti per prime.',
  loading: 'Caricamento registro...',
  loadFailed: 'Impossibile caricare il registro.',
  empty: 'Nessuna attività registrata.',
  system: 'Sistema',
  more: 'Mostra altri',
  ownerOnly: 'Solo il titolare può consultare il registro attività.',
} as const;

export const ACCOUNT_TEXTS = {
  title: 'Il mio account',
  changePassword: 'Cambia password',
  intro: 'Dopo il cambio, le altre sessioni aperte (altri telefoni o computer) vengono chiuse.',
  currentPassword: 'Password attuale',
  newPassword: 'Nuova password',
  hint: 'Almeno 12 caratteri. Evita le password comuni.',
  submit: 'Cambia password',
  busy: 'Salvataggio in corso...',
  success: 'Password aggiornata. Le altre sessioni sono state chiuse.',
  role: (label: string) => `Ruolo: ${label}`,
} as const;

export const ACCEPT_INVITE_TEXTS = {
  title: 'Attiva il tuo account',
  intro: 'Scegli la password con cui accederai all’area riservata.',
  password: 'Nuova password',
  hint: 'Almeno 12 caratteri. Evita le password comuni.',
  submit: 'Attiva account',
  busy: 'Attivazione in corso...',
  success: 'Benvenuto! Il tuo account è attivo.',
  invalid: 'Invito non valido o scaduto. Chiedi al titolare un nuovo invito.',
} as const;

/** The generic handler's texts live with it (src/app/api/errors.ts). */
export { ERROR_TEXTS } from '../../api/errors.ts';

/** Using the auth state outside its provider is an error. */
export const USER_PROVIDER_ERROR =
  'useUser must be used inside the user provider (<UserProvider>).';
