/**
 * The 14 allergens of EU Regulation 1169/2011, Annex II, in the Annex's order
 * (docs/api.md, "Menu"). A dish lists the codes it
 * contains, or null while staff have not declared them: never read as "none".
 */
export const ALLERGENS = [
  'gluten',
  'crustaceans',
  'eggs',
  'fish',
  'peanuts',
  'soybeans',
  'milk',
  'nuts',
  'celery',
  'mustard',
  'sesame',
  'sulphites',
  'lupin',
  'molluscs',
] as const;
export type Allergen = (typeof ALLERGENS)[number];

/** Codes in the Annex's order, each once: how a dish's list is stored and shown. */
export function inAnnexOrder(codes: readonly Allergen[]): Allergen[] {
  const present = new Set(codes);
  return ALLERGENS.filter((code) => present.has(code));
}
