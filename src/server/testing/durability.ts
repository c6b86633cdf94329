// Over 400 lines: one experiment whose kill cycles and checks share its state (the server
// process is server-process.ts, the stream of writes durability-writes.ts).
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { Kysely } from 'kysely';
import { integrityCheck, openDatabase, type Database } from '../db/database.ts';
import { StaffAccounts } from '../services/staff-accounts.ts';
import { startSmtpServer, type ReceivedMail } from './smtp.ts';
import { acknowledged, WriteStream, type Attempt } from './durability-writes.ts';
import { sleep, startServer, type ServerProcess } from './server-process.ts';

/*
 * Durability under SIGKILL (no acknowledged write or stored mail is lost),
 * shared by `src/server/durability.test.ts` (10 cycles, in `npm test`) and
 * `npm run bench:durability` (100 and more).
 *
 * The real server process (`src/server/main.ts` on the production build) runs
 * on an SQLite file with a real SMTP peer. Each cycle fires a stream of
 * concurrent daily-menu saves and contact posts, SIGKILLs the process at a
 * random moment, and then, with the process gone, opens the file and checks:
 * `PRAGMA integrity_check` is ok; every acknowledged (2xx) save is in the
 * history and every acknowledged post is stored with its outbox mail; nothing
 * is half-written (the menu record matches its newest history row, every
 * message has its mail). After the last cycle the server runs until the
 * outbox is empty, and the SMTP peer must have received every stored message
 * exactly once, with one exception, reported apart and never hidden: a kill
 * after the SMTP peer accepted a mail but before the outbox marked it sent
 * makes the next process send it again, with the same Message-ID. That is
 * SMTP's duplicate window, which no outbox can close; the outbox delivers at
 * least once (docs/decisions/004-outbox-delivers-at-least-once.md). Such a
 * "crash-window" copy passes only when a kill was seen in that window.
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
/** Contact posts are limited per client address: each post names its own (TRUST_PROXY=loopback). */
const clientAddress = (n: number) => `198.18.${(n >> 8) & 255}.${n & 255}`;
const TOKEN_PATTERN = /dur-c\d+-p\d+-[a-z0-9]+/;

export interface DurabilityOptions {
  cycles: number;
  /** Makes a run's timing choices repeatable (the kill moments, the request mix). */
  seed?: number;
  /** Requests in flight at once during a cycle. */
  concurrency?: number;
  /** The SIGKILL comes this many ms (uniformly) after the stream starts. */
  killAfterMs?: readonly [number, number];
  /** Progress lines (the bench prints them). */
  log?: (line: string) => void;
}

export interface Duplicate {
  /** The token the message carries (its sender's last name). */
  token: string;
  copies: number;
  messageIds: string[];
  outboxId: number | null;
  attempts: number | null;
  postedInCycle: number;
  /**
   * The cycles whose kill first found the mail delivered (once more) but still
   * pending in the outbox: each such kill allows one more copy.
   */
  unmarkedAtKill: number[];
  /**
   * `crash-window`: the same Message-ID again, after a kill between the SMTP
   * peer's acceptance and the outbox's "sent" mark. `unexplained`: anything else.
   */
  kind: 'crash-window' | 'unexplained';
}

export interface DurabilityReport {
  seed: number;
  cycles: number;
  durationMs: number;
  saves: { sent: number; acknowledged: number; lost: number };
  posts: { sent: number; acknowledged: number; lost: number; withoutMail: number };
  /** Requests the kill cut off (no answer): proof the kills landed mid-stream. */
  interrupted: number;
  /** Answers that were neither 2xx nor a cut connection, by status. */
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
function seededRandom(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function tokenOf(mail: ReceivedMail): string | undefined {
  return (
    TOKEN_PATTERN.exec(mail.header('subject') ?? '')?.[0] ?? TOKEN_PATTERN.exec(mail.text)?.[0]
  );
}

/** Runs the whole experiment and reports what it found; throws only when it cannot run. */
export async function runDurability(options: DurabilityOptions): Promise<DurabilityReport> {
  if (!existsSync(BUILD_ENTRY)) {
    throw new Error(
      `durability: no production build at ${BUILD_ENTRY}. The server process serves the built app: run \`npm run build\` first.`,
    );
  }
  const dir = mkdtempSync(join(tmpdir(), 'restaurant-durability-'));
  const peer = await startSmtpServer();
  const experiment = new Experiment(options, `file:${join(dir, 'restaurant.db')}`, peer);
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
  readonly #saves: Attempt[] = [];
  readonly #posts: Attempt[] = [];
  readonly #problems: string[] = [];
  readonly #warnings: string[] = [];
  readonly #integrity = { checks: 0, failures: [] as string[] };
  /**
   * Per message token, kills that found its mail delivered but not yet marked
   * sent: copies delivered by then → the first such cycle.
   */
  readonly #unmarkedAtKill = new Map<string, Map<number, number>>();
  #lost = { saves: 0, posts: 0, withoutMail: 0 };
  #clients = 0;
  #server: ServerProcess | undefined;

  constructor(options: DurabilityOptions, databaseUrl: string, smtp: SmtpPeer) {
    this.#options = options;
    this.#databaseUrl = databaseUrl;
    this.#smtp = smtp;
    this.#seed = options.seed ?? Math.floor(Math.random() * 2 ** 31);
    this.#random = seededRandom(this.#seed);
    this.#log = options.log ?? (() => {});
  }

  #problem(text: string) {
    this.#problems.push(text);
    this.#log(`PROBLEM: ${text}`);
  }

  #nextClient = () => clientAddress((this.#clients += 1));

  async #startServer() {
    const env = {
      DATABASE_URL: this.#databaseUrl,
      SMTP_URL: this.#smtp.url,
      LOG_LEVEL: 'warn',
      // Contact posts are limited per client address: each names its own in X-Forwarded-For.
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

  async run(): Promise<Omit<DurabilityReport, 'smtpResets'>> {
    const started = Date.now();
    const database = await openDatabase(this.#databaseUrl);
    const created = await new StaffAccounts(database).create(STAFF);
    await database.close();
    if (!created.ok)
      throw new Error(`durability: cannot create the staff account: ${created.reason}`);

    let token = '';
    for (let cycle = 1; cycle <= this.#options.cycles; cycle += 1) {
      const server = await this.#startServer();
      token ||= await this.#login(server.url);
      await this.#cycle(cycle, server.url, token);
    }
    const leasesExpired = await this.#expireLeases();
    const outbox = await this.#drainOutbox();
    const messages = await this.#finalCheck();
    const duplicates = this.#checkDeliveries(messages, outbox);

    const acknowledgedCount = (attempts: Attempt[]) => attempts.filter(acknowledged).length;
    const otherAnswers: Record<number, number> = {};
    for (const attempt of [...this.#saves, ...this.#posts]) {
      if (attempt.status !== undefined && !acknowledged(attempt)) {
        otherAnswers[attempt.status] = (otherAnswers[attempt.status] ?? 0) + 1;
      }
    }
    for (const [status, times] of Object.entries(otherAnswers)) {
      this.#problem(
        `${times} requests answered ${status}: neither acknowledged nor cut off by a kill`,
      );
    }
    if (acknowledgedCount(this.#saves) === 0 || acknowledgedCount(this.#posts) === 0) {
      this.#problem('no save or no contact post was ever acknowledged');
    }
    return {
      seed: this.#seed,
      cycles: this.#options.cycles,
      durationMs: Date.now() - started,
      saves: {
        sent: this.#saves.length,
        acknowledged: acknowledgedCount(this.#saves),
        lost: this.#lost.saves,
      },
      posts: {
        sent: this.#posts.length,
        acknowledged: acknowledgedCount(this.#posts),
        lost: this.#lost.posts,
        withoutMail: this.#lost.withoutMail,
      },
      interrupted: [...this.#saves, ...this.#posts].filter(
        (attempt) => attempt.status === undefined,
      ).length,
      otherAnswers,
      mails: {
        stored: messages.length,
        delivered: this.#smtp.received.length,
        missing: messages.filter((row) => !this.#deliveries().has(row.last_name)).length,
        duplicates,
      },
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
    const stream = new WriteStream({
      url,
      token,
      cycle,
      random: this.#random,
      nextClient: this.#nextClient,
    });
    const [killMin, killMax] = this.#options.killAfterMs ?? [5, 400];
    const killAfter = killMin + this.#random() * (killMax - killMin);
    stream.start(this.#options.concurrency ?? 8);
    await sleep(killAfter);
    await this.stopServer('SIGKILL');
    await stream.stop();
    this.#saves.push(...stream.saves);
    this.#posts.push(...stream.posts);
    await sleep(100); // the SMTP peer finishes reading whatever reached it before the kill
    await this.#verifyAfterKill(cycle);
    const acknowledgedOf = (attempts: Attempt[]) =>
      `${attempts.filter(acknowledged).length}/${attempts.length}`;
    this.#log(
      `cycle ${cycle}: killed after ${Math.round(killAfter)} ms; acknowledged saves ${acknowledgedOf(stream.saves)}, posts ${acknowledgedOf(stream.posts)}`,
    );
  }

  /** Per message token, the mails the SMTP peer has received so far. */
  #deliveries(): Map<string, ReceivedMail[]> {
    const byToken = new Map<string, ReceivedMail[]>();
    for (const mail of this.#smtp.received) {
      const key = tokenOf(mail) ?? '';
      byToken.set(key, [...(byToken.get(key) ?? []), mail]);
    }
    return byToken;
  }

  /** With the process gone: integrity, every acknowledged write in place, nothing half-written. */
  async #verifyAfterKill(cycle: number) {
    const database = await openDatabase(this.#databaseUrl);
    try {
      await this.#checkIntegrity(database.db, `after the kill of cycle ${cycle}`);
      await this.#checkMenu(database.db, cycle);
      await this.#checkMessages(database.db, cycle);
    } finally {
      await database.close();
    }
  }

  async #checkIntegrity(db: Kysely<Database>, when: string) {
    this.#integrity.checks += 1;
    const result = await integrityCheck(db);
    if (result !== 'ok') {
      this.#integrity.failures.push(`${when}: ${result}`);
      this.#problem(`integrity_check ${when}: ${result}`);
    }
  }

  async #checkMenu(db: Kysely<Database>, cycle: number) {
    const menu = await db.selectFrom('daily_menu').selectAll().executeTakeFirstOrThrow();
    const history = await db
      .selectFrom('daily_menu_history')
      .select(['titolo', 'version'])
      .orderBy('version')
      .execute();
    const historyTitles = new Set(history.map((row) => row.titolo));
    for (const attempt of this.#saves.filter(acknowledged)) {
      if (!historyTitles.has(attempt.key)) {
        this.#lost.saves += 1;
        this.#problem(
          `acknowledged save ${attempt.key} (cycle ${attempt.cycle}) is not in the history`,
        );
      }
    }
    const sentTitles = new Set(this.#saves.map((attempt) => attempt.key));
    const strangers = history.filter((row) => !sentTitles.has(row.titolo));
    if (strangers.length > 0) this.#problem(`a history row nobody saved: ${strangers[0]!.titolo}`);
    // Each save is one transaction: the record is the newest history row, versions have no gaps.
    const newest = history.at(-1);
    const gapless = history.every((row, index) => row.version === index + 2);
    const matches = newest
      ? newest.version === menu.version && newest.titolo === menu.titolo
      : menu.version === 1;
    if (!gapless || !matches) {
      this.#problem(
        `after the kill of cycle ${cycle} the menu (version ${menu.version}, "${menu.titolo}") does not match its history (${history.length} rows, newest version ${newest?.version}, "${newest?.titolo}")`,
      );
    }
  }

  async #checkMessages(db: Kysely<Database>, cycle: number) {
    const messages = await db
      .selectFrom('contact_messages')
      .leftJoin('outbox', 'outbox.id', 'contact_messages.outbox_id')
      .select([
        'contact_messages.id',
        'contact_messages.last_name',
        'outbox.id as outboxId',
        'outbox.subject',
        'outbox.status',
      ])
      .execute();
    const stored = new Map(messages.map((row) => [row.last_name, row]));
    for (const attempt of this.#posts.filter(acknowledged)) {
      const row = stored.get(attempt.key);
      if (!row) {
        this.#lost.posts += 1;
        this.#problem(
          `acknowledged contact post ${attempt.key} (cycle ${attempt.cycle}) is not stored`,
        );
      } else if (row.id !== attempt.id) {
        this.#problem(
          `contact post ${attempt.key} was answered id ${attempt.id}, stored as ${row.id}`,
        );
      }
    }
    const delivered = this.#deliveries();
    for (const row of messages) {
      if (row.outboxId === null || !row.subject?.includes(row.last_name)) {
        this.#lost.withoutMail += 1;
        this.#problem(`contact message ${row.id} (${row.last_name}) has no outbox mail`);
      } else if (row.status === 'pending' && delivered.has(row.last_name)) {
        // Delivered, not yet marked sent: the next process will send it again.
        const episodes = this.#unmarkedAtKill.get(row.last_name) ?? new Map<number, number>();
        const copies = delivered.get(row.last_name)!.length;
        if (!episodes.has(copies)) episodes.set(copies, cycle);
        this.#unmarkedAtKill.set(row.last_name, episodes);
      }
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
    const reader = new DatabaseSync(this.#databaseUrl.replace(/^file:/, ''), { readOnly: true });
    const unsentCount = reader.prepare("SELECT count(*) AS n FROM outbox WHERE status <> 'sent'");
    // Until everything is sent; the outbox sends one mail at a time, so give up
    // only when a whole minute passes without progress.
    let fewest = Number.POSITIVE_INFINITY;
    let progressAt = Date.now();
    for (;;) {
      const unsent = Number((unsentCount.get() as { n: number }).n);
      if (unsent === 0 || Date.now() - progressAt > 60_000) break;
      if (unsent < fewest) {
        fewest = unsent;
        progressAt = Date.now();
      }
      await sleep(200);
    }
    const outbox = reader
      .prepare('SELECT id, status, attempts, last_error FROM outbox')
      .all() as unknown as OutboxRow[];
    reader.close();
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

  /** After the graceful stop: integrity once more, and every stored message. */
  async #finalCheck() {
    const database = await openDatabase(this.#databaseUrl);
    try {
      await this.#checkIntegrity(database.db, 'at the end');
      return await database.db
        .selectFrom('contact_messages')
        .select(['last_name', 'outbox_id'])
        .execute();
    } finally {
      await database.close();
    }
  }

  /**
   * Exactly once, by the token each message carries. A second copy of a mail
   * that a kill caught delivered but not yet marked sent, with the same
   * Message-ID, is the outbox's known crash window: a warning, described in
   * full. Any other second copy is a problem.
   */
  #checkDeliveries(
    messages: { last_name: string; outbox_id: number | null }[],
    outbox: OutboxRow[],
  ) {
    const delivered = this.#deliveries();
    const stored = new Set(messages.map((row) => row.last_name));
    const duplicates: Duplicate[] = [];
    for (const row of messages) {
      const copies = delivered.get(row.last_name) ?? [];
      if (copies.length === 0)
        this.#problem(`contact message ${row.last_name} was never delivered`);
      if (copies.length < 2) continue;
      const unmarkedAtKill = [...(this.#unmarkedAtKill.get(row.last_name)?.values() ?? [])];
      const messageIds = copies.map((copy) => copy.header('message-id') ?? '?');
      const crashWindow =
        new Set(messageIds).size === 1 && copies.length <= 1 + unmarkedAtKill.length;
      const duplicate: Duplicate = {
        token: row.last_name,
        copies: copies.length,
        messageIds,
        outboxId: row.outbox_id,
        attempts: outbox.find((entry) => entry.id === row.outbox_id)?.attempts ?? null,
        postedInCycle: Number(/dur-c(\d+)-/.exec(row.last_name)?.[1]),
        unmarkedAtKill,
        kind: crashWindow ? 'crash-window' : 'unexplained',
      };
      duplicates.push(duplicate);
      const text = describeDuplicate(duplicate);
      if (crashWindow) {
        this.#warnings.push(text);
        this.#log(`WARNING: ${text}`);
      } else this.#problem(text);
    }
    for (const key of delivered.keys()) {
      if (!stored.has(key)) this.#problem(`a mail for "${key}", which is no stored message`);
    }
    return duplicates;
  }
}

interface OutboxRow {
  id: number;
  status: string;
  attempts: number;
  last_error: string | null;
}

export function describeDuplicate(duplicate: Duplicate): string {
  const caught = duplicate.unmarkedAtKill.length
    ? `; the kills of cycles ${duplicate.unmarkedAtKill.join(', ')} found it delivered but still pending`
    : '; no kill found it delivered but unmarked';
  return `contact message ${duplicate.token} (posted in cycle ${duplicate.postedInCycle}, outbox #${duplicate.outboxId}, ${duplicate.attempts} attempts) was delivered ${duplicate.copies} times, Message-IDs ${duplicate.messageIds.join(' ')}${caught}`;
}
