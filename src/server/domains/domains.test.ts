import Fastify from 'fastify';
import fp from 'fastify-plugin';
import { describe, expect, it } from 'vitest';
import { eventsDomain } from './events.ts';
import { reportsDomain } from './reports.ts';
import { reservationsDomain } from './reservations.ts';
import { takeawayDomain } from './takeaway.ts';

/** A stand-in for a domain of this name: Fastify checks names before a plugin runs. */
const named = (name: string) => fp(async () => {}, { name });

// Each domain names the domains it builds on (its `dependencies`): one
// registered before them, or without them, stops the app at start with
// Fastify's own error, instead of failing on a missing decorator at the
// first request that needs it.
describe('the domains', () => {
  it('refuse to start before the domains they name', async () => {
    const app = Fastify({ logger: false });
    await app.register(named('core'));
    // app.ts puts opening-hours first: here reservations comes without it.
    await expect(app.register(reservationsDomain, { now: Date.now })).rejects.toThrow(
      "The dependency 'opening-hours' of plugin 'reservations' is not registered",
    );
    await app.close();
  });

  it.each([
    ['takeaway', 'menu', takeawayDomain],
    ['events', 'reservations', eventsDomain],
    ['reports', 'takeaway', reportsDomain],
  ] as const)('%s refuses to start without %s', async (name, missing, domain) => {
    const app = Fastify({ logger: false });
    await app.register(named('core'));
    await app.register(named('opening-hours'));
    await expect(app.register(domain, { now: Date.now })).rejects.toThrow(
      `The dependency '${missing}' of plugin '${name}' is not registered`,
    );
    await app.close();
  });
});
