/**
 * `npm run lighthouse`: Lighthouse (mobile preset, its default config) on
 * the public pages of the built site, through Debian's Chromium, against the
 * real server (`npm run serve`, started by bench/servers.ts). The budget: 100
 * in all four categories.
 *
 * Each page runs three times in a fresh browser and the median performance
 * score counts (two cores, shared machine); for the other categories, which
 * do not depend on timing, the lowest of the three. Prints a table and the
 * audits that cost points, writes bench/lighthouse.json, and exits 1 when a
 * category is below 100 — or, with `--tolerate-noise`, performance below 98.
 *
 * `--hero-photo`: before measuring, staff upload a 12-megapixel phone photo
 * (4000×3000 JPEG, about 3.5 MB) as the home page's hero, as an owner would,
 * and the script checks that the page preloads it at high priority.
 */
import { writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import type { Result as LhResult } from 'lighthouse';
import { CHROMIUM_LAUNCH, CHROMIUM_PATH } from '../e2e/chromium.ts';
import { ROOT, startSite } from '../bench/servers.ts';
import { uploadHeroPhoto, type HeroUpload } from './lighthouse-hero-photo.ts';

const { values: args } = parseArgs({
  options: {
    'tolerate-noise': { type: 'boolean', default: false },
    runs: { type: 'string', default: '3' },
    // One page (path and query, e.g. `/menu?lng=en`) instead of them all, while tuning.
    page: { type: 'string' },
    'hero-photo': { type: 'boolean', default: false },
  },
});
const RUNS = Math.max(1, Number(args.runs) || 3);
const PERFORMANCE_FLOOR = args['tolerate-noise'] ? 0.98 : 1;

const PATHS = ['/', '/menu', '/about-us', '/contact', '/reservations', '/takeaway', '/events'];
const LANGS = ['it', 'en'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];

const METRICS = {
  'first-contentful-paint': 'FCP',
  'largest-contentful-paint': 'LCP',
  'total-blocking-time': 'TBT',
  'cumulative-layout-shift': 'CLS',
  'speed-index': 'SI',
} as const;

interface AuditNote {
  id: string;
  title: string;
  score: number | null;
  displayValue?: string;
  /** Estimated savings by metric, for the performance opportunities. */
  savings?: Record<string, number>;
}

interface PageResult {
  path: string;
  url: string;
  scores: Record<Category, number>;
  performanceRuns: number[];
  metrics: Record<string, string | undefined>;
  /** Per category below 1: the audits that cost points (weighted, score < 1). */
  failing: Partial<Record<Category, AuditNote[]>>;
  /** Performance only: opportunities and diagnostics of the median run with estimated savings. */
  opportunities: AuditNote[];
  /** Performance only: what the simulation puts before the first paint (see `paintPath`). */
  paintPath: { url: string; priority: string; transferSize: number }[];
  /** The median run's LCP element and, for a picture, its discovery checks (lcpElement()). */
  lcpElement?: string;
}

/** Lighthouse's and the browser's versions and the machine's speed, from the first run. */
let environment:
  { lighthouseVersion: string; hostUserAgent: string; benchmarkIndex: number } | undefined;

interface NetworkRequests {
  items: {
    url: string;
    statusCode: number;
    priority: string;
    resourceType?: string;
    transferSize?: number;
    /** ms after `debugData.networkStartTimeTs` (µs). */
    networkEndTime?: number;
  }[];
  debugData?: { networkStartTimeTs?: number };
}

/**
 * One Lighthouse run in a fresh browser. A run that Lighthouse itself could
 * not complete (e.g. NO_NAVSTART: the trace lacks the navigation, which
 * happens now and then on a loaded machine) is tried again, twice at most.
 */
async function runOnce(url: string, attempt = 1): Promise<LhResult> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROMIUM_LAUNCH.args,
    logLevel: 'silent',
  });
  let lhr: LhResult | undefined;
  try {
    lhr = (
      await lighthouse(url, {
        port: chrome.port,
        logLevel: 'error',
        output: 'json',
        onlyCategories: [...CATEGORIES],
        disableFullPageScreenshot: true,
      })
    )?.lhr;
  } finally {
    chrome.kill();
  }
  if (!lhr) throw new Error(`${url}: Lighthouse returned nothing`);
  if (lhr.runtimeError) {
    const problem = `${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`;
    if (attempt >= 3) throw new Error(problem);
    console.warn(`  ${problem} — trying again`);
    return runOnce(url, attempt + 1);
  }
  // A 404 on an asset means the build changed under the running server
  // (someone rebuilt): such a run measures a broken page, so stop.
  const requests = (lhr.audits['network-requests']?.details as NetworkRequests | undefined)?.items;
  const failed = (requests ?? []).filter((request) => request.statusCode >= 400);
  if (failed.length > 0) {
    throw new Error(
      `${url}: ${failed.length} request(s) failed (e.g. ${failed[0]!.statusCode} ${failed[0]!.url}); ` +
        'was build/ rebuilt while measuring? Run again.',
    );
  }
  environment ??= {
    lighthouseVersion: lhr.lighthouseVersion,
    hostUserAgent: lhr.environment.hostUserAgent,
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
  return lhr;
}

function note(lhr: LhResult, id: string): AuditNote {
  const audit = lhr.audits[id]!;
  return {
    id,
    title: audit.title,
    score: audit.score,
    ...(audit.displayValue ? { displayValue: audit.displayValue } : {}),
  };
}

/** The weighted audits of a category that did not score 1. */
function failingAudits(lhr: LhResult, category: Category): AuditNote[] {
  return lhr.categories[category]!.auditRefs.filter((ref) => {
    const score = lhr.audits[ref.id]?.score;
    return ref.weight > 0 && score !== null && score !== undefined && score < 1;
  }).map((ref) => note(lhr, ref.id));
}

/** Performance audits (not metrics) that estimate a saving on some metric. */
function opportunities(lhr: LhResult): AuditNote[] {
  return lhr.categories.performance!.auditRefs.flatMap((ref) => {
    const audit = lhr.audits[ref.id];
    if (!audit || ref.group === 'metrics' || audit.score === null || audit.score >= 1) return [];
    const savings = Object.fromEntries(
      Object.entries(audit.metricSavings ?? {}).filter(([, value]) => (value ?? 0) > 0),
    ) as Record<string, number>;
    return Object.keys(savings).length ? [{ ...note(lhr, ref.id), savings }] : [];
  });
}

/**
 * The requests Lighthouse's simulated throttling (Lantern) puts on the path
 * to the first contentful paint: besides the document, every request that
 * finished before the paint observed in the unthrottled load and has a
 * "render-blocking" priority (VeryHigh, or High for a script). On loopback
 * everything finishes early, so module scripts fetched at High priority
 * (`<link rel="modulepreload">`) count as if they blocked rendering.
 */
function paintPath(lhr: LhResult): PageResult['paintPath'] {
  const details = lhr.audits['network-requests']?.details as NetworkRequests | undefined;
  const metrics = (lhr.audits.metrics?.details as { items?: Record<string, number>[] } | undefined)
    ?.items?.[0];
  const start = details?.debugData?.networkStartTimeTs;
  const paint = metrics?.observedFirstContentfulPaintTs;
  if (!details || start === undefined || paint === undefined) return [];
  return details.items
    .filter(
      (request) =>
        request.resourceType !== 'Document' &&
        (request.priority === 'VeryHigh' ||
          (request.priority === 'High' && request.resourceType === 'Script')) &&
        request.networkEndTime !== undefined &&
        start + request.networkEndTime * 1000 <= paint,
    )
    .map(({ url, priority, transferSize = 0 }) => ({
      url: new URL(url).pathname,
      priority,
      transferSize,
    }));
}

interface ListDetails {
  items?: { type?: string; snippet?: string; items?: Record<string, { value?: boolean }> }[];
}

/**
 * Which element the LCP was (the hero's picture, or a heading while it
 * loaded?) and, for a picture, Lighthouse's discovery checks (fetched at
 * high priority, found in the HTML, not lazy) with whether each passed.
 */
function lcpElement(lhr: LhResult): string | undefined {
  const list = (id: string) => (lhr.audits[id]?.details as ListDetails | undefined)?.items ?? [];
  const element = list('lcp-breakdown-insight').find((item) => item.type === 'node')?.snippet;
  const checks = list('lcp-discovery-insight').find((item) => item.type === 'checklist')?.items;
  const passed = Object.entries(checks ?? {}).map(([check, { value }]) => `${check} ${value}`);
  return element && [element, ...passed].join('; ');
}

const score = (lhr: LhResult, category: Category) => lhr.categories[category]?.score ?? 0;

async function measure(siteUrl: string, path: string): Promise<PageResult> {
  const url = `${siteUrl}${path}`;
  // Warm the server's page cache, as in production after the first visitor.
  await (await fetch(url, { headers: { 'accept-encoding': 'br' } })).arrayBuffer();
  const runs: LhResult[] = [];
  for (let run = 0; run < RUNS; run++) runs.push(await runOnce(url));
  const byPerformance = [...runs].sort((a, b) => score(a, 'performance') - score(b, 'performance'));
  const median = byPerformance[Math.floor((byPerformance.length - 1) / 2)]!;
  const scores = {} as Record<Category, number>;
  const failing: PageResult['failing'] = {};
  for (const category of CATEGORIES) {
    // Performance: the median run; others: the worst run (they should not vary).
    const lhr =
      category === 'performance'
        ? median
        : runs.reduce((worst, lhr) =>
            score(lhr, category) < score(worst, category) ? lhr : worst,
          );
    scores[category] = score(lhr, category);
    if (scores[category] < 1) failing[category] = failingAudits(lhr, category);
  }
  return {
    path,
    url,
    scores,
    performanceRuns: runs.map((lhr) => score(lhr, 'performance')),
    metrics: Object.fromEntries(
      Object.entries(METRICS).map(([id, short]) => [short, median.audits[id]?.displayValue]),
    ),
    failing,
    opportunities: opportunities(median),
    paintPath: paintPath(median),
    lcpElement: lcpElement(median),
  };
}

const pct = (value: number) => String(Math.round(value * 100));
const pad = (text: string, width: number) => text.padEnd(width);

function printTable(results: PageResult[]) {
  const header = ['page', 'perf (runs)', 'a11y', 'best practices', 'seo', 'FCP / LCP / TBT / CLS'];
  const rows = results.map((page) => [
    page.path,
    `${pct(page.scores.performance)} (${page.performanceRuns.map(pct).join(' ')})`,
    pct(page.scores.accessibility),
    pct(page.scores['best-practices']),
    pct(page.scores.seo),
    [page.metrics.FCP, page.metrics.LCP, page.metrics.TBT, page.metrics.CLS].join(' / '),
  ]);
  const widths = header.map((title, i) =>
    Math.max(title.length, ...rows.map((row) => row[i]!.length)),
  );
  const line = (cells: string[]) => cells.map((cell, i) => pad(cell, widths[i]!)).join('  ');
  console.log(`\n${line(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const row of rows) console.log(line(row));
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** "N scripts X KB (the three largest, +M more), N stylesheets X KB"; the whole list is in the JSON. */
function describePaintPath(path: PageResult['paintPath']): string {
  const groups = Map.groupBy(path, (request) =>
    request.url.endsWith('.css')
      ? 'stylesheets'
      : request.url.endsWith('.js')
        ? 'scripts'
        : 'other',
  );
  return [...groups]
    .map(([kind, requests]) => {
      const total = requests.reduce((sum, request) => sum + request.transferSize, 0);
      const largest = requests.toSorted((a, b) => b.transferSize - a.transferSize);
      const named = largest
        .slice(0, 3)
        .map((r) => `${r.url.replace(/^.*\//, '')} ${kb(r.transferSize)}`);
      const more = largest.length > 3 ? `, +${largest.length - 3} more` : '';
      return `${requests.length} ${kind} ${kb(total)} (${named.join(', ')}${more})`;
    })
    .join('; ');
}

function printFailures(results: PageResult[]) {
  for (const page of results) {
    const categories = Object.entries(page.failing) as [Category, AuditNote[]][];
    if (categories.length === 0) continue;
    console.log(`\n${page.path}`);
    for (const [category, audits] of categories) {
      console.log(`  ${category} ${pct(page.scores[category])}:`);
      for (const audit of audits) {
        const value = audit.displayValue ? ` — ${audit.displayValue}` : '';
        console.log(`    ${audit.id} (score ${audit.score?.toFixed(2)})${value}`);
      }
      if (category === 'performance') {
        for (const audit of page.opportunities) {
          const savings = Object.entries(audit.savings ?? {})
            .map(
              ([metric, ms]) =>
                `${metric} ${metric === 'CLS' ? ms.toFixed(3) : `${Math.round(ms)} ms`}`,
            )
            .join(', ');
          const value = audit.displayValue ? ` — ${audit.displayValue}` : '';
          console.log(`    opportunity ${audit.id}${value} (est. savings ${savings})`);
        }
        console.log(
          `    before the first paint in the simulation: ${describePaintPath(page.paintPath)}`,
        );
      }
    }
  }
}

const site = await startSite();
const results: PageResult[] = [];
let heroUpload: HeroUpload | undefined;
try {
  if (args['hero-photo']) {
    heroUpload = await uploadHeroPhoto(site);
    console.log(
      `hero: a ${heroUpload.width}×${heroUpload.height} JPEG of ${(heroUpload.bytes / 2 ** 20).toFixed(1)} MB, ` +
        `uploaded in ${heroUpload.uploadMs} ms; preloaded: ${heroUpload.preload}`,
    );
  }
  const pages = args.page
    ? [args.page]
    : PATHS.flatMap((path) => LANGS.map((lang) => `${path}?lng=${lang}`));
  for (const page of pages) {
    process.stdout.write(`lighthouse ${page} ×${RUNS}…\n`);
    results.push(await measure(site.url, page));
  }
} finally {
  await site.stop();
}

printTable(results);
for (const page of results) console.log(`LCP of ${page.path}: ${page.lcpElement ?? 'unknown'}`);
printFailures(results);

const below = results.flatMap((page) =>
  CATEGORIES.filter(
    (category) => page.scores[category] < (category === 'performance' ? PERFORMANCE_FLOOR : 1),
  ).map((category) => `${page.path} ${category} ${pct(page.scores[category])}`),
);

writeFileSync(
  join(ROOT, 'bench/lighthouse.json'),
  `${JSON.stringify(
    {
      date: new Date().toISOString(),
      machine: {
        cpus: cpus().length,
        cpuModel: cpus()[0]?.model,
        memoryGiB: Math.round(totalmem() / 2 ** 30),
        node: process.version,
      },
      lighthouse: environment?.lighthouseVersion,
      browser: environment?.hostUserAgent,
      benchmarkIndex: environment?.benchmarkIndex,
      preset: 'mobile (default config)',
      runsPerPage: RUNS,
      tolerateNoise: args['tolerate-noise'],
      ...(heroUpload ? { heroPhoto: heroUpload } : {}),
      pages: results,
    },
    null,
    2,
  )}\n`,
);

if (below.length > 0) {
  const floor = args['tolerate-noise'] ? ' (performance floor 98: --tolerate-noise)' : '';
  console.error(`\nBelow budget${floor}:\n  ${below.join('\n  ')}`);
  process.exit(1);
}
console.log('\nAll categories at budget.');
