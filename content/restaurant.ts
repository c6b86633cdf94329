/**
 * What the site says of the restaurant beyond its own facts, which the owner
 * keeps in the database (name, phones, e-mail, address, coordinates, map,
 * social and privacy links, founding year, price range: GET/PUT
 * /api/restaurant): the values here are the build's, placeholders a
 * developer replaces and rebuilds with.
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
  /**
   * The map iframe's provider, loaded only after the visitor asks for it; it
   * shows the coordinates the owner set (`mapEmbedUrl`).
   */
  mapEmbed: { url: 'https://maps.example/embed', zoom: 15 },
} as const;

export type Restaurant = typeof restaurant;

/** The map iframe's address for the restaurant's coordinates. */
export function mapEmbedUrl(geo: { latitude: number; longitude: number }): string {
  const { url, zoom } = restaurant.mapEmbed;
  return `${url}?q=${geo.latitude},${geo.longitude}&z=${zoom}`;
}

/** Origins the CSP must allow for what this file configures, and no others. */
export function contentOrigins(): { scripts: string[]; frames: string[] } {
  const origin = (url: string | null) => (url ? [new URL(url).origin] : []);
  return {
    scripts: origin(restaurant.privacy.providerScriptUrl),
    frames: origin(restaurant.mapEmbed.url),
  };
}
