/** What the back office reuses of the public menu: the allergen drawings. */
export { AllergenIcon, AllergenSprite } from './allergen-icons.tsx';
