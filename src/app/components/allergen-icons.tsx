import { useTranslation } from 'react-i18next';
import { ALLERGENS, type Allergen } from '../../shared/allergens.ts';

/**
 * One line drawing per allergen (24 × 24, drawn in the text colour), kept
 * once per page as SVG symbols and used by reference: 115 dishes cost a
 * `<use>` each, not a copy of the drawing. Every icon goes with its name in
 * text, so nothing is told by shape or colour alone.
 */
const DRAWINGS: Record<Allergen, string> = {
  // An ear of wheat.
  gluten:
    'M12 22V6M12 6c-2-1-2-3 0-4 2 1 2 3 0 4M12 11c-3 0-4-2-4-4 3 0 4 2 4 4M12 11c3 0 4-2 4-4-3 0-4 2-4 4M12 16c-3 0-4-2-4-4 3 0 4 2 4 4M12 16c3 0 4-2 4-4-3 0-4 2-4 4',
  // A prawn, curled.
  crustaceans:
    'M19 7c-2-3-8-4-11 0-3 4-1 10 4 11 3 1 5-1 5-3M17 15c-2 0-4-1-4-3M6 9 3 5M8 7 6 3M14 18l1 3',
  // An egg.
  eggs: 'M12 3c-4 0-7 7-7 11a7 7 0 0 0 14 0c0-4-3-11-7-11z',
  // A fish.
  fish: 'M3 12c3-4 8-6 13-3l5-3v12l-5-3c-5 3-10 1-13-3zM8 11h.01',
  // A peanut shell.
  peanuts:
    'M9 3a4 4 0 0 0-4 4c0 2 1 3 1 5s-1 3-1 5a4 4 0 0 0 8 0c0-1 1-2 2-2h0a4 4 0 0 0 0-8c-1 0-2-1-2-2a4 4 0 0 0-4-2z',
  // A soybean pod.
  soybeans:
    'M4 18C4 10 10 4 18 4c2 0 2 2 0 4-2 6-7 11-13 12-1 0-1-1-1-2zM9 15h.01M12 12h.01M15 9h.01',
  // A bottle of milk.
  milk: 'M9 2h6M10 2v4l-3 4v11h10V10l-3-4V2M7 13h10',
  // An acorn-shaped nut.
  nuts: 'M5 9h14M6 9c0-3 3-5 6-5s6 2 6 5M7 9c0 6 2 11 5 12 3-1 5-6 5-12M12 4V2',
  // Celery stalks with leaves.
  celery: 'M8 22V10M12 22V8M16 22V10M8 10c-2-1-3-3-2-5M12 8c0-2 1-4 3-5M16 10c2-1 3-3 2-5',
  // A jar of mustard.
  mustard: 'M8 3h8v4H8zM7 7h10v13a1 1 0 0 1-1 1H8a1 1 0 0 1-1-1zM10 12h4',
  // Three sesame seeds.
  sesame:
    'M7 5c2 0 3 2 3 4s-1 3-3 3-3-1-3-3 1-4 3-4zM17 5c2 0 3 2 3 4s-1 3-3 3-3-1-3-3 1-4 3-4zM12 13c2 0 3 2 3 4s-1 3-3 3-3-1-3-3 1-4 3-4z',
  // A glass of wine.
  sulphites: 'M7 3h10l-1 6a4 4 0 0 1-8 0zM12 13v7M8 21h8M7.5 7h9',
  // A lupin flower spike.
  lupin:
    'M12 22V9M12 4a1.5 1.5 0 1 1 0 .01M9 7a1.5 1.5 0 1 1 0 .01M15 7a1.5 1.5 0 1 1 0 .01M9 11a1.5 1.5 0 1 1 0 .01M15 11a1.5 1.5 0 1 1 0 .01M8 18c-2 0-3-1-3-3M16 18c2 0 3-1 3-3',
  // A scallop shell.
  molluscs: 'M4 12a8 8 0 0 1 16 0l-3 6H7zM12 4v14M8 5.5 10 18M16 5.5 14 18M9 21h6',
};

const symbolId = (code: Allergen) => `allergen-${code}`;

/** The drawings, once per page, hidden: icons refer to them. */
export function AllergenSprite() {
  return (
    <svg className="allergen-sprite" aria-hidden="true" focusable="false">
      {ALLERGENS.map((code) => (
        <symbol key={code} id={symbolId(code)} viewBox="0 0 24 24">
          <path
            d={DRAWINGS[code]}
            fill="none"
            stroke="currentColor"
            strokeWidth="1.6"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </symbol>
      ))}
    </svg>
  );
}

export function AllergenIcon({ code }: { code: Allergen }) {
  return (
    <svg className="allergen-icon" aria-hidden="true" focusable="false" width="18" height="18">
      <use href={`#${symbolId(code)}`} />
    </svg>
  );
}

/** What a dish says of its allergens: each as icon and name, "none", or "not declared". */
export function DishAllergens({ allergens }: { allergens: readonly Allergen[] | null }) {
  const { t } = useTranslation('menu');
  if (allergens === null) {
    return (
      <p className="menu-item__allergens menu-item__allergens--unknown">
        {t('allergensNotDeclared')}
      </p>
    );
  }
  if (allergens.length === 0) {
    return <p className="menu-item__allergens">{t('allergensNone')}</p>;
  }
  return (
    <p className="menu-item__allergens">
      <span className="visually-hidden">{t('allergensTitle')}: </span>
      {allergens.map((code, index) => (
        <span key={code} className="allergen">
          <AllergenIcon code={code} />
          {t(`allergen.${code}.short`)}
          {index < allergens.length - 1 && <span className="visually-hidden">, </span>}
        </span>
      ))}
    </p>
  );
}

/** The 14 allergens with icon, name and what each covers, in the page's language. */
export function AllergenLegend() {
  const { t } = useTranslation('menu');
  return (
    <section className="allergen-legend" aria-labelledby="allergen-legend-title">
      <h2 id="allergen-legend-title">{t('legendTitle')}</h2>
      <p>{t('legendIntro')}</p>
      <ul>
        {ALLERGENS.map((code) => (
          <li key={code}>
            <AllergenIcon code={code} />
            <span className="allergen-legend__short">{t(`allergen.${code}.short`)}</span>
            <span className="allergen-legend__name">{t(`allergen.${code}.name`)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
