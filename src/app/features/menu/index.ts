/** What other pages reuse of the public menu: the allergen drawings (the back office, the takeaway page). */
export { AllergenIcon, AllergenSprite, DishAllergens } from '../../components/allergen-icons.tsx';
