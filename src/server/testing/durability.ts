import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Kysely } from 'kysely';
import { integrityCheck, openDatabase, type Database } from '../db/database.ts';
import { StaffAccounts } from '../services/staff-accounts.ts';
import { startSmtpServer } from './smtp.ts';
import {
  acknowledged,
  Findings,
  WriteStream,
  type Target,
  type WriteKind,
} from './durability-writes.ts';
import {
  describeDuplicate,
  MailLedger,
  type Duplicate,
  type OutboxRow,
} from './durability-mails.ts';
import {
  seededRandom,
  type DurabilityOptions,
  type DurabilityReport,
  type KindReport,
} from './durability-report.ts';
import { prepareStream, unexpectedAnswers } from './durable-writes/stream.ts';
import { sleep, startServer, type ServerProcess } from './server-process.ts';

/*
 * Durability under SIGKILL (no acknowledged write or stored mail is lost, no
 * capacity exceeded), shared by `src/server/durability.test.ts` (6 cycles, in
 * `npm test`, on both databases) and `npm run bench:durability` (100 and
 * more, on SQLite).
 *
 * The real server process (`src/server/main.ts` on the production build) runs
 * on an SQLite file (or a PostgreSQL test schema) with a real SMTP peer. Each
 * cycle fires a stream of concurrent writes of every kind (durable-writes/:
 * daily-menu saves, contact posts, table bookings, takeaway orders, event
 * requests, photo uploads), SIGKILLs the process at a random moment, and
 * then, with the process gone, opens the database and checks: SQLite's
 * `PRAGMA integrity_check` is ok; every acknowledged (2xx) write is stored
 * exactly once, whole (an order with its lines, a photo with its files, each
 * with its mails); nothing a write stored is half there; no slot holds more
 * than its limit. After the last cycle every refusal for capacity must be
 * explained by what is stored, the server runs until the outbox is empty,
 * and the SMTP peer must have received every outbox mail exactly once, but
 * for SMTP's crash window (durability-mails.ts), reported apart and never
 * hidden.
 */

const ROOT = resolve(import.meta.dirname, '../../..');
const BUILD_ENTRY = resolve(ROOT, 'build/server/index.js');

const STAFF = {
  email: 'durability@trattoria.example',
  username: 'durability',
  firstName: 'Dura',
  lastName: 'Bility',
  password: 'mare-calmo-e-vento-di-scirocco',
};
const CONTACT_EMAIL = 'staff@trattoria.example';
/** Guests' writes are limited per client address: each request names its own (TRUST_PROXY=loopback). */
const clientAddress = (n: number) => `198.18.${(n >> 8) & 255}.${n & 255}`;

/**
 * When the kill comes after the stream starts. Long enough that a cycle's
 * bookings and orders meet at their limits and a photo gets encoded on a
 * busy machine, where each kind's first request in a fresh process is slow.
 */
const KILL_AFTER_MS = [100, 1500] as const;

export type { DurabilityOptions, DurabilityReport, Duplicate, KindReport };
export { describeDuplicate };

/** Runs the whole experiment and reports what it found; throws only when it cannot run. */
export async function runDurability(options: DurabilityOptions): Promise<DurabilityReport> {
  if (!existsSync(BUILD_ENTRY)) {
    throw new Error(
      `durability: no production build at ${BUILD_ENTRY}. The server process serves the built app: run \`npm run build\` first.`,
    );
  }
  const dir = mkdtempSync(join(tmpdir(), 'restaurant-durability-'));
  const peer = await startSmtpServer();
  const databaseUrl = options.databaseUrl ?? `file:${join(dir, 'restaurant.db')}`;
  const experiment = new Experiment(options, databaseUrl, peer);
  try {
    return { ...(await experiment.run()), smtpResets: peer.connectionErrors };
  } finally {
    await experiment.stopServer('SIGKILL');
    // Connections a kill cut can keep smtp-server's close waiting for its 30 s grace period.
    await Promise.race([peer.stop().catch(() => {}), sleep(2000)]);
    rmSync(dir, { recursive: true, force: true });
  }
}

type SmtpPeer = Awaited<ReturnType<typeof startSmtpServer>>;

class Experiment {
  readonly #options: DurabilityOptions;
  readonly #databaseUrl: string;
  readonly #smtp: SmtpPeer;
  readonly #random: () => number;
  readonly #seed: number;
  readonly #log: (line: string) => void;
  readonly #problems: string[] = [];
  readonly #warnings: string[] = [];
  readonly #integrity = { checks: 0, failures: [] as string[] };
  readonly #mails: MailLedger;
  #kinds: WriteKind[] = [];
  readonly #findings = new Map<WriteKind, Findings>();
  #clients = 0;
  #server: ServerProcess | undefined;

  constructor(options: DurabilityOptions, databaseUrl: string, smtp: SmtpPeer) {
    this.#options = options;
    this.#databaseUrl = databaseUrl;
    this.#smtp = smtp;
    this.#mails = new MailLedger(smtp.received);
    this.#seed = options.seed ?? Math.floor(Math.random() * 2 ** 31);
    this.#random = seededRandom(this.#seed);
    this.#log = options.log ?? (() => {});
  }

  #problem = (text: string) => {
    this.#problems.push(text);
    this.#log(`PROBLEM: ${text}`);
  };

  #nextClient = () => clientAddress((this.#clients += 1));

  async #startServer() {
    const env = {
      DATABASE_URL: this.#databaseUrl,
      SMTP_URL: this.#smtp.url,
      LOG_LEVEL: 'warn',
      // Guests' writes are limited per client address: each names its own in X-Forwarded-For.
      TRUST_PROXY: 'loopback',
      CONTACT_EMAIL,
      MAIL_FROM: 'no-reply@trattoria.example',
      PUBLIC_URL: 'https://www.trattoria.example',
    };
    // A build running next to this one removes build/ for a while: wait for it to come back.
    for (let waited = 0; ; waited += 1) {
      try {
        this.#server = await startServer(env);
        return this.#server;
      } catch (error) {
        // On a machine other work keeps busy, a start can take over the 30 s
        // server-process.ts waits (it then kills the process): try again a few times.
        const slow = String(error).includes('did not answer /api/health');
        if (slow && waited < 3) {
          this.#log('the server took over 30 s to start (a busy machine?): starting it again');
          continue;
        }
        if (!String(error).includes('No build found') || waited >= 120) throw error;
        this.#log('build/ is missing (a build is running?): waiting for it');
        await sleep(1000);
      }
    }
  }

  async stopServer(signal: 'SIGKILL' | 'SIGTERM'): Promise<number | null> {
    const server = this.#server;
    if (!server) return null;
    server.child.kill(signal);
    const code = await server.exited;
    this.#server = undefined;
    return code;
  }

  #target(url: string, token: string, cycle: number): Target {
    return { url, token, cycle, random: this.#random, nextClient: this.#nextClient };
  }

  async run(): Promise<Omit<DurabilityReport, 'smtpResets'>> {
    const started = Date.now();
    const database = await openDatabase(this.#databaseUrl);
    let token: string;
    try {
      const created = await new StaffAccounts(database).create(STAFF);
      if (!created.ok)
        throw new Error(`durability: cannot create the staff account: ${created.reason}`);
      const server = await this.#startServer();
      token = await this.#login(server.url);
      this.#kinds = await prepareStream(
        this.#target(server.url, token, 0),
        database.db,
        this.#options.cycles,
      );
      await this.stopServer('SIGTERM');
    } finally {
      await database.close();
    }
    for (const kind of this.#kinds) this.#findings.set(kind, new Findings(this.#problem));
    for (let cycle = 1; cycle <= this.#options.cycles; cycle += 1) {
      const { url } = await this.#startServer();
      await this.#cycle(cycle, url, token);
    }
    await this.#finalChecks();
    const leasesExpired = await this.#expireLeases();
    const outbox = await this.#drainOutbox();
    await this.#atRest('at the end', async () => {});
    const { duplicates, missing } = this.#mails.check(outbox, this.#problem, (text) => {
      this.#warnings.push(text);
      this.#log(`WARNING: ${text}`);
    });

    const otherAnswers: Record<number, number> = {};
    for (const kind of this.#kinds) {
      for (const attempt of unexpectedAnswers(kind)) {
        otherAnswers[attempt.status!] = (otherAnswers[attempt.status!] ?? 0) + 1;
      }
    }
    for (const [status, times] of Object.entries(otherAnswers)) {
      this.#problem(
        `${times} requests answered ${status}: neither acknowledged, refused for capacity, nor cut off by a kill`,
      );
    }
    const writes: Record<string, KindReport> = {};
    for (const kind of this.#kinds) {
      const findings = this.#findings.get(kind)!;
      writes[kind.name] = {
        label: kind.label,
        sent: kind.attempts.length,
        acknowledged: kind.attempts.filter(acknowledged).length,
        refused: kind.attempts.filter(
          (attempt) => attempt.status === 409 && kind.refusalCodes.includes(attempt.code ?? ''),
        ).length,
        interrupted: kind.attempts.filter((attempt) => attempt.status === undefined).length,
        lost: findings.lost.size,
        half: findings.half.size,
        overLimit: findings.overLimit.size,
        wrongRefusals: findings.wrongRefusals.size,
      };
      if (writes[kind.name]!.acknowledged === 0)
        this.#problem(`no ${kind.label} was ever acknowledged`);
      if (kind.refusalCodes.length > 0 && writes[kind.name]!.refused === 0) {
        this.#problem(`no ${kind.label} was refused for capacity: the stream never met the limits`);
      }
    }
    return {
      seed: this.#seed,
      cycles: this.#options.cycles,
      durationMs: Date.now() - started,
      writes,
      interrupted: Object.values(writes).reduce((sum, kind) => sum + kind.interrupted, 0),
      otherAnswers,
      mails: { stored: outbox.length, delivered: this.#smtp.received.length, missing, duplicates },
      leasesExpired,
      integrity: this.#integrity,
      problems: this.#problems,
      warnings: this.#warnings,
    };
  }

  async #login(url: string): Promise<string> {
    const response = await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': this.#nextClient() },
      body: JSON.stringify({ email: STAFF.email, password: STAFF.password }),
    });
    if (!response.ok) throw new Error(`durability: login answered ${response.status}`);
    return ((await response.json()) as { tokens: { token: string }[] }).tokens[0]!.token;
  }

  /** One stream of writes, one SIGKILL at a random moment, then the checks on the file. */
  async #cycle(cycle: number, url: string, token: string) {
    const before = this.#kinds.map((kind) => kind.attempts.length);
    const stream = new WriteStream(this.#kinds, this.#target(url, token, cycle));
    const [killMin, killMax] = this.#options.killAfterMs ?? KILL_AFTER_MS;
    const killAfter = killMin + this.#random() * (killMax - killMin);
    stream.start(this.#options.concurrency ?? 8);
    await sleep(killAfter);
    await this.stopServer('SIGKILL');
    await stream.stop();
    await sleep(100); // the SMTP peer finishes reading whatever reached it before the kill
    await this.#atRest(`after the kill of cycle ${cycle}`, async (db) => {
      for (const kind of this.#kinds) await kind.verify(db, cycle, this.#findings.get(kind)!);
      await this.#mails.noteAfterKill(db, cycle);
    });
    const counts = this.#kinds.map((kind, index) => {
      const attempts = kind.attempts.slice(before[index]);
      return `${kind.name} ${attempts.filter(acknowledged).length}/${attempts.length}`;
    });
    this.#log(
      `cycle ${cycle}: killed after ${Math.round(killAfter)} ms; acknowledged ${counts.join(', ')}`,
    );
  }

  /** With the process gone: integrity first, then `check` on the file. */
  async #atRest(when: string, check: (db: Kysely<Database>) => Promise<void>) {
    const database = await openDatabase(this.#databaseUrl);
    try {
      // PostgreSQL has no integrity_check: its own recovery is what is under test there.
      if (this.#databaseUrl.startsWith('file:')) {
        this.#integrity.checks += 1;
        const result = await integrityCheck(database.db);
        if (result !== 'ok') {
          this.#integrity.failures.push(`${when}: ${result}`);
          this.#problem(`integrity_check ${when}: ${result}`);
        }
      }
      await check(database.db);
    } finally {
      await database.close();
    }
  }

  /** After the last kill: every refusal for capacity explained by the loads stored (which only grew). */
  async #finalChecks() {
    const database = await openDatabase(this.#databaseUrl);
    try {
      for (const kind of this.#kinds)
        await kind.verifyRefusals?.(database.db, this.#findings.get(kind)!);
    } finally {
      await database.close();
    }
  }

  /**
   * A mail a killed process had leased waits out the lease (5 minutes) before
   * another attempt. Let that time pass: make those attempts due now.
   */
  async #expireLeases(): Promise<number> {
    const database = await openDatabase(this.#databaseUrl);
    try {
      const now = new Date().toISOString();
      const result = await database.db
        .updateTable('outbox')
        .set({ next_attempt_at: now })
        .where('status', '=', 'pending')
        .where('next_attempt_at', '>', now)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    } finally {
      await database.close();
    }
  }

  /** Runs the server until the outbox has sent everything, then stops it gracefully. */
  async #drainOutbox() {
    await this.#startServer();
    const reader = await openDatabase(this.#databaseUrl);
    const unsentCount = async () =>
      Number(
        (
          await reader.db
            .selectFrom('outbox')
            .select((eb) => eb.fn.countAll<number | string>().as('n'))
            .where('status', '<>', 'sent')
            .executeTakeFirstOrThrow()
        ).n,
      );
    // Until everything is sent; the outbox sends one mail at a time, so give up
    // only when a whole minute passes without progress.
    let fewest = Number.POSITIVE_INFINITY;
    let progressAt = Date.now();
    for (;;) {
      const unsent = await unsentCount();
      if (unsent === 0 || Date.now() - progressAt > 60_000) break;
      if (unsent < fewest) {
        fewest = unsent;
        progressAt = Date.now();
      }
      await sleep(200);
    }
    const outbox: OutboxRow[] = await reader.db
      .selectFrom('outbox')
      .select(['id', 'kind', 'status', 'attempts', 'last_error'])
      .execute();
    await reader.close();
    const left = outbox.filter((row) => row.status !== 'sent');
    if (left.length > 0) {
      const first = left[0]!;
      this.#problem(
        `${left.length} outbox mails unsent after the drain (first: #${first.id}, ${first.status}, ${first.last_error})`,
      );
    }
    await this.#smtp.waitFor(outbox.length, 10_000).catch(() => {});
    await sleep(500); // a late second copy would arrive by now
    const code = await this.stopServer('SIGTERM');
    if (code !== 0) this.#problem(`the server exited with ${code} on SIGTERM`);
    return outbox;
  }
}
