import fp from 'fastify-plugin';
import { romeDateReader } from '../../shared/opening-hours.ts';
import { dailyMenuRoutes } from '../routes/api/daily-menu.ts';
import { menuCsvRoutes } from '../routes/api/menu-csv.ts';
import { menuRoutes } from '../routes/api/menu.ts';
import { printableMenuRoutes } from '../routes/printable-menu.ts';
import { DailyMenuService } from '../services/daily-menu.ts';
import { MenuService } from '../services/menu.ts';
import { PrintableMenu } from '../services/printable-menu.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The daily menu and its translations. */
    dailyMenu: DailyMenuService;
    /** The full menu (sections and dishes) and its translations. */
    menu: MenuService;
    /** The menu on paper: a PDF per language, and each language's QR code. */
    printableMenu: PrintableMenu;
  }
}

/**
 * The menus: the daily menu (/api/daily-menu), the full menu and its CSV
 * file (/api/menu), and the menu on paper with its QR codes (/menu.pdf and
 * /menu-qr.svg: files, not pages, but at the site's own addresses).
 */
export const menuDomain = fp(
  async (app, options: { now: () => number }) => {
    const { content, contentVersion, textTranslations } = app;
    app.decorate(
      'dailyMenu',
      new DailyMenuService({
        db: app.db,
        content,
        translations: textTranslations,
        contentVersion: () => contentVersion.current(),
        onSaved: () => void textTranslations.refresh(),
      }),
    );
    const menu = new MenuService({
      db: app.db,
      content,
      translations: textTranslations,
      contentVersion: () => contentVersion.current(),
      onChange: () => void textTranslations.refresh(),
    });
    app.decorate('menu', menu);
    app.decorate(
      'printableMenu',
      new PrintableMenu({
        menu: (lang) => menu.view(lang),
        restaurant: () => app.restaurantFacts.get(),
        notes: (lang) => app.siteTexts.menuNotes(lang),
        contentVersion: () => contentVersion.current(),
        today: romeDateReader(options.now),
        publicUrl: app.config.PUBLIC_URL,
      }),
    );
    await app.register(dailyMenuRoutes, { prefix: '/api' });
    await app.register(menuRoutes, { prefix: '/api' });
    await app.register(menuCsvRoutes, { prefix: '/api' });
    await app.register(printableMenuRoutes);
  },
  { name: 'menu', dependencies: ['core', 'restaurant'] },
);
