import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../../app/context.ts';
import { guestEvents } from './guest-events.ts';
import { guestReservations } from './guest-reservations.ts';
import { guestTakeaway } from './guest-takeaway.ts';

/**
 * What the pages' loaders and actions read and do (src/app/context.ts),
 * through the app's services: the same ones the API calls.
 */
export function pageServices(app: FastifyInstance): AppServices {
  return {
    publicUrl: app.config.PUBLIC_URL,
    setupOpen: () => app.firstOwnerSetup.isOpen(),
    dailyMenu: async (lang) => {
      const { titolo, descrizione, infoAggiuntive, translation } = await app.dailyMenu.view(lang);
      return { lang, titolo, descrizione, infoAggiuntive, translation };
    },
    menu: (lang) => app.menu.view(lang),
    restaurant: () => app.restaurantFacts.get(),
    siteTexts: (lang) => app.siteTexts.view(lang),
    openingHours: (lang) => app.openingHours.get(lang),
    reservations: guestReservations(app),
    takeaway: guestTakeaway(app),
    events: guestEvents(app),
    reviews: {
      view: (token) => app.reviewRequests.view(token),
      async stop(token, clientAddress) {
        const stopped = await app.reviewRequests.stop(token, clientAddress);
        return stopped === true ? 'stopped' : stopped === false ? 'invalid' : 'rate-limited';
      },
    },
    photos: (lang) => app.photos.list(lang),
    socialCard: () => app.socialCards.current(),
  };
}
