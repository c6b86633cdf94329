import { PHOTO_ALT_MAX } from '../../../shared/schemas/photos.ts';

/** The "Foto" section's texts, in the back office's voice ("tu", short sentences); tests assert them. */
export const PHOTOS_TEXTS = {
  title: 'Foto del sito',
  intro:
    'Ogni spazio del sito ha una foto: sostituiscila con una tua, scattata anche dal telefono. Il sito la prepara in tutte le misure e toglie la posizione GPS.',
  loading: 'Caricamento foto...',
  loadFailed: 'Impossibile caricare le foto.',
  retry: 'Riprova',
  groups: { home: 'Home', about: 'Chi siamo', menu: 'Menu' },
  custom: 'Tua foto',
  default: 'Foto predefinita',
  open: (label: string) => `Cambia: ${label}`,
  back: 'Tutte le foto',
  unknownSlot: 'Questo spazio non esiste più: scegline un altro dall’elenco.',

  choose: 'Scegli o scatta una foto',
  chooseHint: 'JPEG, PNG, WebP o AVIF, al massimo 20 MB. Dal telefono: galleria o fotocamera.',
  chosen: (name: string) => `Foto scelta: ${name}. Non è ancora salvata.`,
  heic: 'Questo formato (HEIC o un altro) non si può usare. Scegli una foto JPEG, PNG, WebP o AVIF: su iPhone, scegliendola dalla galleria da qui, arriva già in JPEG.',
  tooLarge: 'La foto supera i 20 MB: scegline una più leggera.',
  previewTitle: 'Come appare sul sito',
  cropHint: 'Il riquadro mostra il taglio di questo spazio sul sito.',
  focusLabel: 'Punto focale',
  focusHint:
    'Tocca o trascina sulla foto il punto da tenere al centro del taglio; con la tastiera usa le frecce.',
  focusValue: (x: number, y: number) => `${x}% da sinistra, ${y}% dall’alto`,
  alt: 'Descrizione della foto (testo alternativo)',
  altHint: `Per chi non vede la foto: cosa mostra, in una frase, al massimo ${PHOTO_ALT_MAX} caratteri. La traduzione nelle altre lingue è automatica.`,
  save: 'Salva foto',
  saving: 'Caricamento in corso...',
  unsaved: 'Modifiche non salvate.',
  saved: 'Foto salvata: il sito la mostra già.',
  chooseFirst: 'Scegli prima una foto da caricare.',
  nothingChanged: 'Nessuna modifica da salvare.',
  refused: 'Non si può salvare così:',
  reset: 'Ripristina',
  resetQuestion: 'Tornare alla foto predefinita? La tua foto verrà eliminata.',
  resetDone: 'Foto predefinita ripristinata.',

  translations: 'Traduzioni del testo alternativo',
  translationsIntro:
    'Il testo alternativo viene tradotto automaticamente in inglese, francese, spagnolo e tedesco. Controllalo e correggilo se serve.',
  translationsLoading: 'Caricamento traduzioni...',
  translationsFailed: 'Impossibile caricare le traduzioni.',
  defaultTranslated: 'La foto predefinita ha già il suo testo alternativo in tutte le lingue.',
  translationSaved: 'Traduzione salvata: i visitatori vedono ora la tua versione.',
  translationReset: 'Correzione rimossa: i visitatori vedono la traduzione automatica.',
} as const;

/** What each slot is, as the owner knows the pages. */
export function slotLabel(slot: string, sectionName?: string): string {
  const number = slot.replace(/^\D+-/, '');
  if (slot === 'hero') return 'Foto principale della home';
  if (slot.startsWith('gallery-')) return `Galleria, foto ${number}`;
  if (slot.startsWith('grid-')) return `Dalla nostra cucina, foto ${number}`;
  if (slot === 'location') return 'Una casa sul mare';
  if (slot === 'experience') return 'La cucina siciliana';
  if (slot === 'about-1') return 'La nostra storia';
  if (slot === 'about-2') return 'La tonnara';
  if (slot === 'about-3') return 'I nostri servizi';
  if (slot === 'menu-header') return 'Intestazione del menu';
  return `Sezione: ${sectionName ?? number}`;
}
