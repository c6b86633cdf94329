import { useTranslation } from 'react-i18next';
import { euros, pieces, totalCents, type BasketLine, type DishSection } from './order.ts';

/**
 * What lets a guest order on a phone without scrolling through every dish
 * (the list runs to some 60 dishes): a row of links to the sections, which
 * stays at the top while the list scrolls, and a bar at the bottom with the
 * basket's count and total that leads to the pickup step.
 */

/** The id of a section of dishes, where its link in the row leads. */
export const sectionAnchor = (section: DishSection) => `takeaway-section-${section.id}`;

/** Where the basket bar leads: the pickup step (the day, then the time and the details). */
export const PICKUP_STEP_ID = 'takeaway-pickup';

/** The row of links to the sections, each named as its section's heading. */
export function SectionLinks({ sections }: { sections: readonly DishSection[] }) {
  const { t } = useTranslation('takeaway');
  if (sections.length < 2) return null;
  return (
    <nav className="takeaway-jump" aria-label={t('dishes.sections')}>
      <ul>
        {sections.map((section) => (
          <li key={section.id}>
            <a href={`#${sectionAnchor(section)}`}>{section.name}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The basket bar: one link, fixed at the bottom of a phone's screen once
 * the basket holds a dish, with the number of dishes and the total. Only
 * with JavaScript, which keeps the basket as the guest changes it; without
 * it the basket is known once the dishes form is sent.
 */
export function BasketBar({ lines }: { lines: readonly BasketLine[] }) {
  const { t } = useTranslation('takeaway');
  if (lines.length === 0) return null;
  const count = pieces(lines);
  return (
    <a className="takeaway-bar" href={`#${PICKUP_STEP_ID}`}>
      <span className="takeaway-bar__count">{t('bar.dishes', { count })}</span>{' '}
      <strong className="takeaway-bar__total">{euros(totalCents(lines))}</strong>{' '}
      <span className="takeaway-bar__next">{t('bar.next')}</span>
    </a>
  );
}
