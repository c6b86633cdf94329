import type { FastifyInstance } from 'fastify';

/** Every route the app serves, as "METHOD path" lines (`app.printRoutes()`'s tree, flattened), sorted. */
export function registeredRoutes(instance: FastifyInstance): string[] {
  const found: string[] = [];
  const stack: string[] = [];
  for (const line of instance.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    stack.push(match[2]!);
    for (const method of match[3]?.split(', ') ?? []) found.push(`${method} ${stack.join('')}`);
  }
  return found.sort();
}
