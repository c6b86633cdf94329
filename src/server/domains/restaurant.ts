import fp from 'fastify-plugin';
import { romeDateReader } from '../../shared/opening-hours.ts';
import { restaurantRoutes } from '../routes/api/restaurant.ts';
import { siteTextsRoutes } from '../routes/api/site-texts.ts';
import { RestaurantFactsService } from '../services/restaurant-facts.ts';
import { SiteTextsService } from '../services/site-texts.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The restaurant's own facts: name, phones, e-mail, address, coordinates, links, founding year, price range. */
    restaurantFacts: RestaurantFactsService;
    /** The page texts staff write (the home and about-us pages' story, meta descriptions) and their translations. */
    siteTexts: SiteTextsService;
  }
}

/**
 * The restaurant's facts (/api/restaurant) and the page texts staff write
 * (/api/site-texts): what the public pages say about the restaurant.
 */
export const restaurantDomain = fp(
  async (app, options: { now: () => number }) => {
    const { content, contentVersion, textTranslations } = app;
    const today = romeDateReader(options.now);
    const restaurantFacts = new RestaurantFactsService({
      db: app.db,
      content,
      contentVersion: () => contentVersion.current(),
      today,
    });
    app.decorate('restaurantFacts', restaurantFacts);
    app.decorate(
      'siteTexts',
      new SiteTextsService({
        db: app.db,
        content,
        translations: textTranslations,
        contentVersion: () => contentVersion.current(),
        facts: () => restaurantFacts.get(),
        today,
        onChange: () => void textTranslations.refresh(),
      }),
    );
    await app.register(restaurantRoutes, { prefix: '/api' });
    await app.register(siteTextsRoutes, { prefix: '/api' });
  },
  { name: 'restaurant', dependencies: ['core'] },
);
