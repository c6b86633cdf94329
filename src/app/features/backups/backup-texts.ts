/** The owners' "Backup" panel, in Italian. */
export const BACKUP_TEXTS = {
  title: 'Backup',
  loading: 'Carico lo stato dei backup…',
  loadFailed: 'Non è stato possibile leggere lo stato dei backup.',
  off: 'I backup giornalieri sono spenti. Per accenderli, chi gestisce il server imposta BACKUP_DIR (la cartella dei backup) e lo riavvia.',
  last: (when: string, size: string) => `Ultimo backup: ${when}, ${size}`,
  none: 'Nessun backup ancora: il server ne fa uno ogni notte alle 03:30.',
  staleTitle: 'Backup troppo vecchio',
  stale: 'Nessun backup negli ultimi due giorni. Avvisa chi gestisce il server.',
  failedTitle: 'Ultimo backup non riuscito',
  failed: (when: string) =>
    `Il backup di ${when} non è riuscito. Avvisa chi gestisce il server: il motivo è nel suo registro.`,
};
