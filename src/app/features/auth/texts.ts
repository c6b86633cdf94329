/**
 * The login, recovery, invitation and account pages' texts. In Italian only
 * (staff screens are Italian; these texts are not in the public locale files),
 * fixed word for word: tests assert them.
 */

/** The words the login and recovery forms share. */
export const FORM_TEXTS = {
  backToLogin: 'Torna al Login',
  busy: 'Invio in corso...',
  showPassword: 'Mostra password',
  showPasswords: 'Mostra le password',
  password: 'Password',
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

export const SETUP_TEXTS = {
  title: 'Crea il tuo account da titolare',
  intro:
    'Il sito non ha ancora nessun account. Crea il primo, quello del titolare: da qui in poi inviterai tu i colleghi.',
  firstName: 'Nome',
  lastName: 'Cognome',
  password: 'Password',
  hint: 'Almeno 12 caratteri. Evita le password comuni.',
  submit: 'Crea account',
  busy: 'Creazione in corso...',
  success: 'Benvenuto! Il tuo account da titolare è pronto.',
  invalid:
    'Questo link non è più valido: riavvia il server per averne uno nuovo (lo trovi nel suo log).',
  closed: 'Il sito ha già un titolare: accedi con il tuo account.',
  logIn: 'Vai al login',
} as const;
