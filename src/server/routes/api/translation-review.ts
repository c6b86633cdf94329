import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TARGET_LANGS, type TargetLang } from '../../../shared/languages.ts';
import { requireStaff } from '../../plugins/staff-auth.ts';
import type { AuditActor } from '../../services/audit-log.ts';
import { refuse } from './errors.ts';

type App = Parameters<FastifyPluginAsyncZod>[0];
type Texts = Record<string, string | undefined>;

/** What a service whose texts staff may correct per language offers its review routes. */
export interface TranslationReview<Answer, T extends Texts> {
  /** Every target language's machine and staff texts, as GET answers them. */
  translations(): Promise<Answer>;
  /** Staff's texts in `lang`, of the Italian they were shown: refused if that Italian changed. */
  saveTranslation(
    lang: TargetLang,
    texts: T,
    italian: T,
    actor: NonNullable<AuditActor>,
  ): Promise<'saved' | 'italian-changed'>;
  /** `lang` back to the machine's texts. */
  removeTranslation(lang: TargetLang, actor: NonNullable<AuditActor>): Promise<void>;
}

const translationParams = z.strictObject({
  lang: z.enum(TARGET_LANGS, {
    error: `Lingua non supportata: usa ${TARGET_LANGS.join(', ')}.`,
  }),
});

/**
 * The review routes of texts staff correct per language (the page texts,
 * the closure notes): `GET {path}`, `PUT {path}/{lang}` with the texts and
 * the Italian they translate (409 `italian-changed` with `italianChanged`
 * when that Italian is no longer the current one) and `DELETE {path}/{lang}`
 * back to the machine's texts; each answers as GET does. Staff only.
 */
export function translationReviewRoutes<Answer, T extends Texts>(
  app: App,
  path: string,
  options: {
    body: z.ZodType<T & { italian: T }>;
    /** The schema of `service().translations()`'s answer. */
    answer: z.ZodType;
    italianChanged: string;
    service: () => TranslationReview<Answer, T>;
  },
): void {
  const { body, answer, italianChanged, service } = options;
  const review = { response: { 200: answer } };
  app.get(path, { schema: review, preHandler: requireStaff }, () => service().translations());

  app.put(
    `${path}/:lang`,
    { schema: { params: translationParams, body, ...review }, preHandler: requireStaff },
    async (request, reply) => {
      const { italian, ...texts } = request.body as T & { italian: T };
      const outcome = await service().saveTranslation(
        request.params.lang,
        texts as unknown as T,
        italian,
        request.staff!,
      );
      if (outcome === 'italian-changed') return refuse(reply, 409, outcome, italianChanged);
      return service().translations();
    },
  );

  app.delete(
    `${path}/:lang`,
    { schema: { params: translationParams, ...review }, preHandler: requireStaff },
    async (request) => {
      await service().removeTranslation(request.params.lang, request.staff!);
      return service().translations();
    },
  );
}
