import type { TableShape } from '../../../shared/schemas/floor.ts';

const seats = (min: number, max: number) =>
  min === max ? `${max} posti` : `da ${min} a ${max} posti`;

/** The floor editor's texts: staff screens are in Italian, in the back office's voice. */
export const FLOOR_EDITOR_TEXTS = {
  title: 'Pianta della sala',
  intro:
    'Le aree del locale, i suoi tavoli e i tavoli che si possono unire. Con almeno un tavolo, le prenotazioni si fanno per tavoli: ogni gruppo riceve il tavolo che gli va meglio.',
  ownerOnly: 'Solo il titolare può modificare la pianta della sala.',
  loading: 'Caricamento della pianta...',
  loadFailed: 'Impossibile caricare la pianta della sala.',
  retry: 'Riprova',
  // Areas
  areas: 'Aree',
  noAreas: 'Nessuna area: aggiungi la prima (per esempio «Sala» o «Terrazza»).',
  newAreaName: 'Area ',
  addArea: 'Aggiungi area',
  areaName: "Nome dell'area",
  areaOnline: 'Prenotabile online',
  removeArea: (name: string) => `Togli l'area ${name}`,
  removeAreaQuestion: (name: string, tables: number) =>
    tables === 0
      ? `Togliere l'area ${name}?`
      : `Togliere l'area ${name} con i suoi ${tables === 1 ? 'un tavolo' : `${tables} tavoli`}?`,
  removeYes: 'Sì, togli',
  back: 'No, torna indietro',
  areaOffline: 'non online',
  // The plan
  planOf: (area: string) => `Pianta di ${area}`,
  planHint:
    'Trascina un tavolo per spostarlo e il quadratino nell’angolo per cambiarne la misura. Con la tastiera: Tab fino al tavolo, Invio per sceglierlo, le frecce lo spostano di 1, Maiusc con le frecce ne cambia la misura.',
  dragInstructions:
    'Per spostare il tavolo con la tastiera usa le frecce; con Maiusc e le frecce ne cambi la misura.',
  legend: 'Come leggere la pianta',
  legendSelected: 'Bordo doppio e «✓»: il tavolo scelto.',
  legendOffline: 'Bordo tratteggiato e «⊘»: non prenotabile online (solo in sala).',
  legendJoined: 'Tavoli dentro una fascia tratteggiata, col nome sotto: una combinazione.',
  emptyArea: 'Nessun tavolo in quest’area.',
  tableLabel: (
    table: {
      name: string;
      minSeats: number;
      maxSeats: number;
      x: number;
      y: number;
      w: number;
      h: number;
    },
    selected: boolean,
    online: boolean,
  ) =>
    `Tavolo ${table.name}, ${seats(table.minSeats, table.maxSeats)}, posizione ${table.x}, ${table.y}, misura ${table.w} × ${table.h}${online ? '' : ', non prenotabile online'}${selected ? ', scelto' : ''}`,
  tableSeats: (min: number, max: number) => (min === max ? `${max}` : `${min}-${max}`),
  placeSaid: (name: string, x: number, y: number) => `${name}: posizione ${x}, ${y}.`,
  sizeSaid: (name: string, w: number, h: number) => `${name}: misura ${w} × ${h}.`,
  chosen: (name: string) => `Scelto il tavolo ${name}.`,
  // Tables
  addTable: 'Aggiungi tavolo',
  newTableName: 'T',
  selectedTable: (name: string) => `Tavolo ${name}`,
  noSelection: 'Scegli un tavolo sulla pianta (o dall’elenco) per modificarlo.',
  tableList: 'Tavoli dell’area',
  chooseTable: (name: string) => `Scegli ${name}`,
  tableName: 'Nome del tavolo',
  minSeats: 'Posti minimi',
  maxSeats: 'Posti massimi',
  shape: 'Forma',
  shapes: { round: 'Rotondo', square: 'Quadrato', rect: 'Rettangolare' } satisfies Record<
    TableShape,
    string
  >,
  priority: 'Priorità',
  priorityHint: '0 si assegna per primo, 9 per ultimo.',
  tableOnline: 'Prenotabile online',
  place: 'Posizione e misura',
  x: 'Da sinistra',
  y: "Dall'alto",
  w: 'Larghezza',
  h: 'Altezza',
  moveLeft: (name: string) => `Sposta ${name} a sinistra`,
  moveRight: (name: string) => `Sposta ${name} a destra`,
  moveUp: (name: string) => `Sposta ${name} in alto`,
  moveDown: (name: string) => `Sposta ${name} in basso`,
  duplicate: 'Duplica',
  duplicateOf: (name: string) => `Duplica ${name}`,
  removeTable: 'Togli tavolo',
  removeTableOf: (name: string) => `Togli ${name}`,
  added: (name: string) => `Aggiunto il tavolo ${name}.`,
  removed: (name: string) => `Tolto il tavolo ${name}.`,
  // Combinations
  combinations: 'Tavoli da unire',
  combinationsHint:
    'Una combinazione unisce da 2 a 8 tavoli della stessa area, con i suoi posti: due tavoli da quattro accostati possono fare otto o dieci.',
  noCombinations: 'Nessuna combinazione in quest’area.',
  newCombination: 'Nuova combinazione',
  chooseTables: 'Scegli i tavoli da unire (da 2 a 8)',
  createCombination: 'Crea combinazione',
  tablesChosen: (count: number) => `${count} ${count === 1 ? 'tavolo scelto' : 'tavoli scelti'}`,
  combinationName: 'Nome della combinazione',
  combinationOnline: 'Prenotabile online',
  combinationTables: 'Tavoli uniti',
  combinationOf: (name: string) => `Combinazione ${name}`,
  combinationSeats: (min: number, max: number) => seats(min, max),
  removeCombination: (name: string) => `Togli la combinazione ${name}`,
  // Checks and saving
  areaNameTwice: (name: string) => `Due aree si chiamano «${name.trim()}»: ogni nome una volta.`,
  nameTwice: (name: string) =>
    `«${name.trim()}» è il nome di due tavoli o combinazioni: ogni nome una volta.`,
  combinationAcrossAreas: (name: string) =>
    `${name}: una combinazione unisce tavoli di una sola area.`,
  save: 'Salva la pianta',
  saving: 'Salvataggio in corso...',
  saved: 'Pianta salvata: le prenotazioni usano già questi tavoli.',
  fix: 'Correggi prima questi punti:',
  refused: 'La pianta non è stata salvata:',
  inUse:
    'Un tavolo o una combinazione che vuoi togliere serve a prenotazioni ancora da servire: spostale prima.',
  nameTaken: 'Un nome è già usato: aree, tavoli e combinazioni hanno ciascuno il proprio.',
  unsaved: 'Modifiche non salvate.',
  discard: 'Annulla le modifiche',
  discardQuestion: 'Tornare alla pianta salvata? Le modifiche non salvate si perdono.',
  discardYes: 'Sì, torna alla pianta salvata',
  newerPlan:
    'Qualcuno ha salvato la pianta nel frattempo: le tue modifiche restano qui finché non le salvi.',
} as const;
