import type { SlotsState } from './use-slots.ts';

/**
 * How a guest's form tells what the server refused and what the times'
 * line says, the same on the booking, takeaway and events pages; each page
 * brings its own words (its namespace's `errors.*`, `slots.*` or `pickup.*`).
 */

/** What the server answered a guest's form, as far as telling a refusal goes. */
type Outcome = { ok: true } | { ok: false; code: string };

/**
 * What a refusal says above the button, and whether it offers the
 * restaurant's phone: `texts` by code; a code in `toldBeside` (the form's
 * own fields, a refused time) is told beside its field instead, unless the
 * server refused something the form has no field for (`other`).
 */
export function refusalShown(
  outcome: Outcome | undefined,
  other: boolean,
  words: {
    texts: Readonly<Record<string, string>>;
    toldBeside: readonly string[];
    callOn: readonly string[];
  },
): { message: string | null; code: string | null; offerCall: boolean } {
  if (!outcome || outcome.ok) return { message: null, code: null, offerCall: false };
  const { code } = outcome;
  const beside = words.toldBeside.includes(code) && !other;
  return {
    message: beside ? null : (words.texts[code] ?? null),
    code,
    offerCall: words.callOn.includes(code),
  };
}

/** A page's words for the times' status line. */
export interface SlotsWords {
  /** Nothing chosen yet. */
  none: string;
  loading: string;
  failed: string;
  /** The day has no times at all. */
  noTimes: string;
  /** Every time is full. */
  allFull: string;
  /** "N times available". */
  available: (count: number) => string;
  /** Said after the count when some times are full. */
  someFull: string;
}

/** What the times' status line says: loading, the count, or why there is nothing to choose. */
export function slotsText(slots: SlotsState, words: SlotsWords): string {
  switch (slots.state) {
    case 'none':
      return words.none;
    case 'loading':
      return words.loading;
    case 'failed':
      return words.failed;
    case 'ready': {
      const free = slots.slots.filter((slot) => slot.available).length;
      if (slots.slots.length === 0) return words.noTimes;
      if (free === 0) return words.allFull;
      const count = words.available(free);
      return free < slots.slots.length ? `${count}. ${words.someFull}` : count;
    }
  }
}
