/** The "Stampa e QR" section's texts: staff screens are in Italian, in the back office's voice. */
export const PRINT_TEXTS = {
  title: 'Stampa e QR',
  intro:
    'Il menu completo in PDF, in ogni lingua, sempre aggiornato: ogni modifica al menu compare nel PDF seguente. Stampato, è il menu scritto con gli allergeni da tenere a disposizione dei clienti.',
  pdfTitle: 'Il menu in PDF',
  pdfIntro: 'Con prezzi, allergeni e legenda, coperto e data di aggiornamento, in formato A4.',
  download: (language: string) => `Menu in ${language} (PDF)`,
  cardsTitle: 'Cartoncino per i tavoli',
  cardsIntro:
    'Il codice QR apre il menu sul telefono del cliente, nella lingua del cartoncino. Scegliete la lingua, stampate e ritagliate lungo il tratteggio.',
  cardLanguage: 'Lingua del cartoncino',
  preview: (language: string) => `Anteprima del cartoncino in ${language}`,
  qrAlt: (language: string) => `Codice QR del menu in ${language}`,
  print: 'Stampa il cartoncino',
  loading: 'Caricamento dati del ristorante...',
  loadFailed: 'Impossibile caricare il nome del ristorante.',
  retry: 'Riprova',
} as const;
