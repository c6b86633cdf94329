/**
 * The restaurant's facts, in one place. Every value here is a placeholder an
 * owner replaces (fictional name, `example` domains, Italian-format numbers);
 * pages, metadata, structured data and e-mails all read them from here.
 */
export const restaurant = {
  name: 'Trattoria La Tonnara',
  /** Landline, shown in metadata and structured data. */
  phone: '+39 0924 555 0142',
  /** Mobile: the book-a-table and call buttons dial it. */
  mobile: '+39 333 555 0187',
  email: 'info@latonnara.example',
  address: {
    street: 'Via Lungomare 12',
    postalCode: '91014',
    locality: 'Scopello',
    region: 'TP',
    country: 'IT',
  },
  geo: { latitude: 38.0712, longitude: 12.8203 },
  /** The pages say "over 25 years of experience, since" this year. */
  foundedYear: 1998,
  priceRange: '€€',
  social: {
    instagram: 'https://www.instagram.example/latonnara',
    facebook: 'https://www.facebook.example/latonnara',
  },
  privacy: {
    policyUrl: 'https://privacy.example/policies/latonnara',
    /**
     * The consent provider's embed script, loaded only once the footer is in
     * view. null: no provider configured, the footer shows the plain link and
     * the CSP allows no extra host.
     */
    providerScriptUrl: null as string | null,
  },
  developerCredit: { name: 'Studio Esempio', url: 'https://studio.example' },
  map: {
    /** Opens the address in a maps application or site. */
    linkUrl: 'https://maps.example/?q=38.0712,12.8203',
    /** The map iframe, loaded only after the visitor asks for it. */
    embedUrl: 'https://maps.example/embed?q=38.0712,12.8203&z=15',
  },
} as const;

export type Restaurant = typeof restaurant;

/** Origins the CSP must allow for what this file configures, and no others. */
export function contentOrigins(): { scripts: string[]; frames: string[] } {
  const origin = (url: string | null) => (url ? [new URL(url).origin] : []);
  return {
    scripts: origin(restaurant.privacy.providerScriptUrl),
    frames: origin(restaurant.map.embedUrl),
  };
}

export function yearsOfExperience(today = new Date()): number {
  return today.getFullYear() - restaurant.foundedYear;
}
