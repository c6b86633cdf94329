// What a durability run (durability.ts) is asked and what it answers.
import type { Duplicate } from './durability-mails.ts';

export interface DurabilityOptions {
  cycles: number;
  /** A PostgreSQL database (a test's schema); by default a fresh SQLite file. */
  databaseUrl?: string;
  /** Makes a run's timing choices repeatable (the kill moments, the request mix). */
  seed?: number;
  /** Requests in flight at once during a cycle. */
  concurrency?: number;
  /** The SIGKILL comes this many ms (uniformly) after the stream starts. */
  killAfterMs?: readonly [number, number];
  /** Progress lines (the bench prints them). */
  log?: (line: string) => void;
}

/** One kind of write over the run. */
export interface KindReport {
  label: string;
  sent: number;
  acknowledged: number;
  /** Refused for capacity (409 `slot-full`). */
  refused: number;
  /** Cut off by a kill (no answer). */
  interrupted: number;
  /** Acknowledged, then missing, stored twice or changed. */
  lost: number;
  /** Stored without part of itself. */
  half: number;
  /** Limits found exceeded. */
  overLimit: number;
  /** Refusals for capacity that what is stored does not explain. */
  wrongRefusals: number;
}

export interface DurabilityReport {
  seed: number;
  cycles: number;
  durationMs: number;
  /** By kind: saves, posts, bookings, orders, events, photos. */
  writes: Record<string, KindReport>;
  /** Requests the kill cut off (no answer): proof the kills landed mid-stream. */
  interrupted: number;
  /** Answers that were neither 2xx, nor a refusal for capacity, nor a cut connection, by status. */
  otherAnswers: Record<number, number>;
  mails: { stored: number; delivered: number; missing: number; duplicates: Duplicate[] };
  /** Outbox leases left by a killed process, expired by hand before the final drain. */
  leasesExpired: number;
  /** SMTP connections a kill cut in the middle of a transaction. */
  smtpResets: number;
  integrity: { checks: number; failures: string[] };
  /** Every broken promise, described; empty when the run passed. */
  problems: string[];
  /** Crash-window duplicates, described (see Duplicate). */
  warnings: string[];
}

/** mulberry32: a small seeded generator, so a failing run can be replayed with its seed. */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
