import fp from 'fastify-plugin';
import type { DefaultPhotos } from '../../app/context.ts';
import { errorCode } from '../error-code.ts';
import { photoRoutes } from '../routes/api/photos.ts';
import { photoFileRoutes } from '../routes/photo-files.ts';
import { ImageFiles } from '../services/photos/image-files.ts';
import { PhotosService } from '../services/photos/photos.ts';
import { SocialCards } from '../services/photos/social-card.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The photo slots: uploads, alt texts and their translations, the shipped defaults. */
    photos: PhotosService;
    /** The encoded photos' files by content-hashed name, kept in memory once read. */
    imageFiles: ImageFiles;
    /** The social-share card of the current name and hero, drawn on the server. */
    socialCards: SocialCards;
  }
}

/**
 * The site's photos: the slots staff fill (/api/photos), their files under
 * content-hashed names (/photos/{name}), and the social-share card drawn
 * from the hero and the restaurant's name.
 */
export const photosDomain = fp(
  async (
    app,
    options: {
      /** The pictures shipped with the site, from the build (none without one). */
      defaultPhotos?: () => Promise<DefaultPhotos | undefined>;
    },
  ) => {
    const { content, contentVersion, textTranslations } = app;
    app.decorate(
      'imageFiles',
      new ImageFiles({
        db: app.db,
        contentVersion: () => contentVersion.current(),
        onCheckFailed: (error) =>
          app.log.error({ code: errorCode(error) }, 'photo files: kept names not checked'),
      }),
    );
    app.decorate(
      'photos',
      new PhotosService({
        db: app.db,
        content,
        translations: textTranslations,
        contentVersion: () => contentVersion.current(),
        defaults: options.defaultPhotos ?? (() => Promise.resolve(undefined)),
        sections: async (lang) =>
          (await app.menu.view(lang)).sections.map(({ id, key, name }) => ({ id, key, name })),
        onChange: () => void textTranslations.refresh(),
      }),
    );
    app.decorate(
      'socialCards',
      new SocialCards({
        db: app.db,
        contentVersion: () => contentVersion.current(),
        facts: () => app.restaurantFacts.get(),
        hero: async () => (await app.photos.list('it')).find((view) => view.slot === 'hero'),
        // The hero's file as a browser gets it: an upload from /photos/, the
        // shipped picture from the build's files (or Vite, in development).
        readFile: async (path) => {
          const response = await app.inject({ method: 'GET', url: path });
          return response.statusCode === 200 ? response.rawPayload : undefined;
        },
        onError: (error) =>
          app.log.warn({ err: error }, 'could not read the hero for the social card'),
      }),
    );
    await app.register(photoRoutes, { prefix: '/api' });
    await app.register(photoFileRoutes);
  },
  { name: 'photos', dependencies: ['core', 'restaurant', 'menu'] },
);
