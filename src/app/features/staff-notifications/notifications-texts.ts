/** "Notifiche su questo dispositivo" in "Il mio account", in Italian. */
export const NOTIFICATIONS_TEXTS = {
  title: 'Notifiche su questo dispositivo',
  intro:
    'Un avviso sul telefono per ogni nuova prenotazione, ordine d’asporto, richiesta di evento o messaggio, anche con lo schermo spento. Vale per questo dispositivo: attivale su ognuno che usi.',
  loading: 'Carico i tuoi dispositivi…',
  loadFailed: 'Non è stato possibile leggere i tuoi dispositivi.',
  retry: 'Riprova',
  checking: 'Controllo questo dispositivo…',
  unsupported:
    'Questo browser non riceve notifiche. Apri l’area riservata con Chrome, Edge, Firefox o Safari aggiornati.',
  iphone:
    'Su iPhone e iPad (iOS 16.4 e successivi) le notifiche arrivano all’area riservata aggiunta alla schermata Home: in Safari tocca Condividi, poi «Aggiungi alla schermata Home», apri l’area riservata da quell’icona e attiva qui le notifiche.',
  deniedTitle: 'Notifiche bloccate',
  denied:
    'Questo browser ha bloccato le notifiche del sito. Per riattivarle apri le impostazioni del sito (il lucchetto accanto all’indirizzo; su iPhone Impostazioni › Notifiche), scegli «Consenti» per le notifiche e ricarica la pagina.',
  notGranted: 'Il permesso non è stato dato: tocca di nuovo e scegli «Consenti».',
  topics: 'Argomenti',
  lastTopic: 'Almeno un argomento: per non ricevere nulla, disattiva le notifiche.',
  switchOn: 'Attiva le notifiche su questo dispositivo',
  switchingOn: 'Attivazione…',
  active: 'Le notifiche sono attive su questo dispositivo.',
  switchOff: 'Disattiva',
  switchedOn: 'Notifiche attivate su questo dispositivo',
  topicsSaved: 'Argomenti salvati',
  switchedOff: 'Notifiche disattivate su questo dispositivo',
  failed:
    'Non è stato possibile attivare le notifiche: controlla la connessione e riprova. Se si ripete, il browser non le permette.',
  devices: 'I tuoi dispositivi',
  noDevices: 'Nessun dispositivo riceve ancora le tue notifiche.',
  thisDevice: 'questo dispositivo',
  lastUsed: (when: string) => `Ultimo invio: ${when}`,
  never: 'mai',
  remove: 'Rimuovi',
  removeLabel: (browser: string) => `Rimuovi ${browser}`,
  removed: 'Dispositivo rimosso',
};
