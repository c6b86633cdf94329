import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';
import { responsiveImages } from './scripts/vite-responsive-images.ts';

/**
 * Small modules that every public page needs (components, i18n, SEO, the
 * page texts' hook, the restaurant's facts, Vite's preload helper). Split
 * automatically they become a dozen chunks of a few hundred bytes each, and
 * on a phone every request costs its own headers and round trip; together
 * they are one chunk. Only modules that two or more chunks share are taken,
 * so a route's own code stays in its route's chunk, and the toast library
 * stays lazy.
 */
function isSharedSiteModule(id: string): boolean {
  if (id.includes('vite/preload-helper')) return true;
  if (/[\\/]src[\\/]app[\\/]components[\\/]toast-container\.tsx$/.test(id)) return false;
  // The payload schemas (and zod with them) serve forms: the staff pages and
  // the contact form. Shared by two staff chunks they would otherwise ride in
  // here, on every public page.
  if (/[\\/]src[\\/]shared[\\/]schemas[\\/]/.test(id)) return false;
  // Components of a few pages only (the allergen icons of /menu, /takeaway and
  // the menu editor; the page behind a guest's link in a mail) would ride on
  // the home page too.
  if (/[\\/]src[\\/]app[\\/]components[\\/](allergen-icons|token-link-page)\.tsx$/.test(id)) {
    return false;
  }
  return /[\\/](src[\\/]app[\\/](components|i18n|assets)[\\/]|src[\\/]app[\\/](seo|structured-data|root-meta|site-texts)\.ts$|src[\\/]shared[\\/]|content[\\/]restaurant\.ts$)/.test(
    id,
  );
}

export default defineConfig({
  plugins: [responsiveImages(), reactRouter()],
  build: {
    // Hashed file names under /assets are served as immutable (src/server/plugins/static-assets.ts).
    assetsInlineLimit: 0,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [{ name: 'site', test: isSharedSiteModule, minShareCount: 2 }],
        },
      },
    },
  },
});
