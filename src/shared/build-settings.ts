/**
 * What the build says beyond the restaurant's own content, which the owner
 * keeps in the database (name, phones, e-mail, address, coordinates, the map
 * and its embed address, social and privacy links, founding year, price
 * range: GET/PUT /api/restaurant; the page texts and the menu's notes:
 * /api/site-texts): the consent provider and the developer's credit,
 * placeholders a developer replaces and rebuilds with. (It was
 * content/restaurant.ts, which now holds only the first-run seed.)
 */
export const restaurant = {
  privacy: {
    /**
     * The consent provider's embed script, loaded only once the footer is in
     * view. null: no provider configured, the footer shows the plain link and
     * the CSP allows no extra host.
     */
    providerScriptUrl: null as string | null,
  },
  developerCredit: { name: 'Studio Esempio', url: 'https://studio.example' },
} as const;

export type Restaurant = typeof restaurant;

/** Origins the CSP must allow for what this file configures, and no others. */
export function contentOrigins(): { scripts: string[] } {
  const origin = (url: string | null) => (url ? [new URL(url).origin] : []);
  return { scripts: origin(restaurant.privacy.providerScriptUrl) };
}
