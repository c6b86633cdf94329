/**
 * What the back office says of a guest's record, wherever staff meet the
 * guest (a booking card, the evening view's sheet, an order on the board,
 * the phone forms' lookup). In Italian, fixed word for word: tests assert them.
 */
export const GUEST_NOTICE_TEXTS = {
  label: (name: string) => `Ospite: ${name}`,
  firstVisit: 'Prima visita',
  visits: (count: number) => (count === 1 ? '1 visita' : `${count} visite`),
  orders: (count: number) => (count === 1 ? '1 ordine' : `${count} ordini`),
  /** The no-show warning: in words and with its sign, never colour alone. */
  noShows: (count: number) =>
    count === 1 ? '1 volta non si è presentato' : `${count} volte non si è presentato`,
  warning: 'Attenzione:',
  tags: 'Etichette',
  notes: 'Note dello staff',
} as const;

/**
 * A guest's name as staff read it: retention empties the name of a booking,
 * an order or an event request it anonymised (services/guest-data.ts
 * `purgeExpired`), which still shows on its day.
 */
export const guestName = (name: string): string => (name === '' ? 'Dati eliminati' : name);

export const GUEST_LOOKUP_TEXTS = {
  /** Said (aria-live) as the suggestions come. */
  found: (count: number) =>
    count === 0
      ? 'Nessun ospite trovato.'
      : count === 1
        ? '1 ospite trovato: frecce su e giù per sceglierlo.'
        : `${count} ospiti trovati: frecce su e giù per sceglierne uno.`,
  listLabel: 'Ospiti già noti',
  option: (name: string, phone: string, email: string) =>
    [name, phone, email].filter((part) => part !== '').join(' · '),
  picked: (name: string) => `Ospite già noto: ${name}`,
  forget: 'Non è questo ospite',
} as const;
