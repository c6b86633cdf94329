import type { FastifyReply } from 'fastify';
import type { z } from 'zod';

/**
 * Answers that a service keeps in memory (the same object while what it was
 * worked out from stays), sent as JSON serialised once per kept object
 * rather than at every request: the route's response schema parses the
 * answer once, as Fastify's serializer would, so the bytes are the same.
 * Serialising a day's slots at every request was most of what a guest's
 * availability or pickup-slots request cost beyond Fastify's own work
 * (docs/performance.md, "Availability and pickup slots from memory").
 */
export class KeptJson<K extends object, S extends z.ZodType> {
  readonly #schema: S;
  readonly #json = new WeakMap<K, string>();

  constructor(schema: S) {
    this.#schema = schema;
  }

  /** The JSON of `answer(kept)`, worked out once per `kept`. */
  json(kept: K, answer: (kept: K) => z.input<S>): string {
    let json = this.#json.get(kept);
    if (json === undefined) {
      json = JSON.stringify(this.#schema.parse(answer(kept)));
      this.#json.set(kept, json);
    }
    return json;
  }

  send(reply: FastifyReply, kept: K, answer: (kept: K) => z.input<S>): FastifyReply {
    return reply.type('application/json; charset=utf-8').send(this.json(kept, answer));
  }
}
