import type { SiteTextKey } from '../../../shared/schemas/site-texts.ts';

/** The "Testi del sito" section's texts, in the back office's voice; tests assert them. */
export const SITE_TEXTS_TEXTS = {
  title: 'Testi del sito',
  intro:
    'La storia del ristorante come la leggono i visitatori: scrivila in italiano, le altre lingue seguono con la traduzione automatica, che puoi correggere qui sotto.',
  yearsNote:
    'Nei testi, {years} diventa il numero di anni dalla fondazione e {year} l’anno di fondazione (dai dati del ristorante): così “Oltre {years} anni” resta giusto ogni anno.',
  loading: 'Caricamento testi...',
  loadFailed: 'Impossibile caricare i testi del sito.',
  retry: 'Riprova',
  groups: {
    home: 'Home',
    about: 'Chi siamo',
    menu: 'Note del menu',
    meta: 'Descrizioni delle pagine',
  },
  metaHint: 'Per i motori di ricerca e le anteprime dei link: una o due frasi.',
  save: 'Salva testi',
  saving: 'Salvataggio in corso...',
  unsaved: 'Modifiche non salvate.',
  saved: 'Testi salvati: il sito li mostra già. Le traduzioni seguono tra poco.',
  nothingChanged: 'Nessuna modifica da salvare.',
  fix: 'Correggi prima questi punti:',

  translations: 'Traduzioni dei testi',
  translationsIntro:
    'Ogni testo viene tradotto automaticamente in inglese, francese, spagnolo e tedesco. Controlla le traduzioni e correggile se serve.',
  translationSaved: 'Traduzione salvata: i visitatori vedono ora la tua versione.',
  translationReset: 'Correzioni rimosse: i visitatori vedono la traduzione automatica.',
} as const;

/** How the form shows a key: its label, and whether it is long enough for several lines. */
export interface SiteTextField {
  label: string;
  long?: boolean;
  hint?: string;
}

const META = { long: true, hint: SITE_TEXTS_TEXTS.metaHint };

/** Every key's label, as the owner knows the pages. */
export const SITE_TEXT_FIELDS: Record<SiteTextKey, SiteTextField> = {
  'home.hero.title': { label: 'Titolo principale' },
  'home.hero.description': { label: 'Presentazione sotto il titolo', long: true },
  'home.facts.experience': { label: 'Riga "In breve" sugli anni di esperienza' },
  'home.gallery.title': { label: 'Galleria: titolo' },
  'home.location.title': { label: 'Una casa sul mare: titolo' },
  'home.location.text1': { label: 'Una casa sul mare: primo paragrafo', long: true },
  'home.location.text2': { label: 'Una casa sul mare: secondo paragrafo', long: true },
  'home.location.text3': { label: 'Una casa sul mare: terzo paragrafo', long: true },
  'home.grid.title': { label: 'Dalla nostra cucina: titolo' },
  'home.grid.intro': { label: 'Dalla nostra cucina: introduzione' },
  'home.experience.title': { label: 'La cucina: titolo' },
  'home.experience.text1': { label: 'La cucina: testo', long: true },
  'about.intro': { label: 'Introduzione', long: true },
  'about.experience.title': { label: 'La nostra storia: titolo' },
  'about.experience.text1': { label: 'La nostra storia: primo paragrafo', long: true },
  'about.experience.text2': { label: 'La nostra storia: secondo paragrafo', long: true },
  'about.tonnara.title': { label: 'La tonnara: titolo' },
  'about.tonnara.text1': { label: 'La tonnara: primo paragrafo', long: true },
  'about.tonnara.text2': { label: 'La tonnara: secondo paragrafo', long: true },
  'about.services.title': { label: 'I nostri servizi: titolo' },
  'about.services.text': { label: 'I nostri servizi: introduzione', long: true },
  'about.services.items': {
    label: 'I nostri servizi: elenco',
    long: true,
    hint: 'Un servizio per riga.',
  },
  'about.services.closing': { label: 'I nostri servizi: chiusura', long: true },
  'menu.notes.coverCharge': {
    label: 'Coperto',
    hint: 'In fondo al menu, sul sito e nel PDF da stampare.',
  },
  'menu.notes.allergyNotice': {
    label: 'Avviso per allergie e intolleranze',
    long: true,
    hint: 'In fondo al menu, sul sito e nel PDF da stampare.',
  },
  'meta.home.description': { label: 'Home', ...META },
  'meta.menu.description': { label: 'Menu', ...META },
  'meta.about.description': { label: 'Chi siamo', ...META },
  'meta.contact.description': { label: 'Contatti', ...META },
  'meta.reservations.description': { label: 'Prenotazioni', ...META },
};
