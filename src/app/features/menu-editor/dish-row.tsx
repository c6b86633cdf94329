import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { MenuItemAnswer } from '../../../shared/schemas/menu.ts';
import { formatPrice } from '../../../shared/price.ts';
import { MENU_EDITOR_TEXTS as T } from './menu-editor-texts.ts';

/** "12,50 €", or "0,30 l 3,50 € · 0,40 l 4,50 €" for a dish with sizes. */
export function priceSummary(prices: MenuItemAnswer['prices']): string {
  return prices
    .map((price) => `${price.label ? `${price.label} ` : ''}${formatPrice(price.amount)}`)
    .join(' · ');
}

/**
 * A dish in the list: name, prices and what visitors are told about it, the
 * sold-out switch one tap away (the evening the swordfish runs out) and the
 * way into its form.
 */
export function DishRow({
  item,
  handle,
  onAvailability,
}: {
  item: MenuItemAnswer;
  /** The drag handle, in the list; none in search results. */
  handle?: ReactNode;
  onAvailability: (available: boolean) => Promise<boolean>;
}) {
  // What the switch shows from the tap until the refreshed menu has the new
  // value (or the server refused it): no flicker back to the old state.
  const [saving, setSaving] = useState<{ from: boolean; to: boolean } | null>(null);
  if (saving && saving.from !== item.available) setSaving(null);
  const available = saving ? saving.to : item.available;

  async function toggle() {
    if (saving) return;
    const to = !available;
    setSaving({ from: item.available, to });
    if (!(await onAvailability(to))) setSaving(null);
  }

  return (
    <div className={`menu-editor__dish${available ? '' : ' menu-editor__dish--sold-out'}`}>
      {handle}
      <div className="menu-editor__dish-text">
        <span className="menu-editor__dish-name">
          {item.name}
          {item.frozen ? <span aria-label={T.frozenShort}>*</span> : null}
        </span>
        <span className="menu-editor__dish-meta">
          <span>{priceSummary(item.prices)}</span>
          {item.allergens === null ? (
            <span className="staff-badge staff-badge--warning">{T.allergensMissing}</span>
          ) : null}
        </span>
      </div>
      <div className="menu-editor__dish-actions">
        <button
          type="button"
          role="switch"
          aria-checked={available}
          aria-label={T.availabilityOf(item.name)}
          className="menu-editor__switch"
          onClick={() => void toggle()}
        >
          <span className="menu-editor__switch-track" aria-hidden="true" />
          <span className="menu-editor__switch-text">{available ? T.available : T.soldOut}</span>
        </button>
        <Link
          to={`?piatto=${item.id}`}
          className="staff-button staff-button--small staff-button--ghost"
          aria-label={T.editDish(item.name)}
        >
          {T.edit}
        </Link>
      </div>
    </div>
  );
}
