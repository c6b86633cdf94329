/**
 * Answers worked out from state this instance keeps in memory (the hours and
 * settings per content version, a date's loads or bookings per their
 * version: content-version.ts `ContentMemo`), kept by question while that
 * state is the very same objects. A write elsewhere counts a version up, the
 * memos read the state afresh, and the answers made from the old objects
 * are no longer taken. The same answer object comes back for the same
 * question, so the route serialises it once (routes/api/kept-json.ts).
 *
 * Guests choose the question (a date, a basket): at most `max` answers are
 * kept, all dropped when full.
 */
export class KeptAnswers<V> {
  readonly #max: number;
  readonly #answers = new Map<string, { from: readonly unknown[]; value: V }>();

  constructor(max = 512) {
    this.#max = max;
  }

  get(question: string, from: readonly unknown[], answer: () => V): V {
    const kept = this.#answers.get(question);
    if (kept && kept.from.length === from.length && kept.from.every((one, i) => one === from[i])) {
      return kept.value;
    }
    if (!kept && this.#answers.size >= this.#max) this.#answers.clear();
    const value = answer();
    this.#answers.set(question, { from, value });
    return value;
  }
}
