import fp from 'fastify-plugin';
import { contactRoutes } from '../routes/api/contact.ts';
import { ContactMessages } from '../services/contact-messages.ts';

declare module 'fastify' {
  interface FastifyInstance {
    contactMessages: ContactMessages;
  }
}

/** The contact form's messages: a guest writes (/api/contact), staff read them in the inbox. */
export const contactDomain = fp(
  async (app) => {
    app.decorate(
      'contactMessages',
      new ContactMessages({
        db: app.db,
        deliverTo: app.config.CONTACT_EMAIL,
        onMail: app.wakeSenders,
      }),
    );
    await app.register(contactRoutes, { prefix: '/api' });
  },
  { name: 'contact', dependencies: ['core'] },
);
