/**
 * The colleagues and the audit log. In Italian only (staff screens are Italian;
 * these texts are not in the public locale files), fixed word for word: tests
 * assert them.
 */

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
