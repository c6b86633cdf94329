import { setFlagsFromString } from 'node:v8';

/**
 * Imported first by main.ts, before the app is loaded: turns off V8's
 * allocation-site pretenuring for the server process.
 *
 * Why: the server's start builds long-lived state (the app, the kept pages
 * and answers), so nearly everything allocated then survives, and V8 decides
 * that the allocation sites used then, Node's own among them (its HTTP
 * parser, header writing, `process.nextTick`), make long-lived objects. From
 * then on every request's objects are allocated in the old generation: each
 * scavenge copied some 25 MB that had to wait for a full collection, the heap
 * swung between 55 and 280 MB, and the garbage collector took 14 % of the
 * CPU of a run of kept answers against under 3 % in bare Fastify, whose start
 * is too small to teach V8 anything. docs/performance.md, "Start-up taught
 * V8 the wrong lesson", has the measurements; gc-tuning.test.ts shows the
 * effect in a child process.
 */
setFlagsFromString('--no-allocation-site-pretenuring');
