import { useTranslation } from 'react-i18next';
import { DishAllergens } from '../../components/allergen-icons.tsx';
import type { MenuEntry } from './menu-page-data.ts';

/**
 * A list of dishes: name (an asterisk for a frozen product), description,
 * ingredients, allergens and price(s). A sold-out dish stays listed, greyed
 * and labelled in words.
 */
export function MenuItems({ items }: { items: MenuEntry[] }) {
  const { t } = useTranslation('menu');
  return (
    <ul className="menu-items">
      {items.map((item) => (
        <li key={item.id} className={`menu-item${item.available ? '' : ' menu-item--sold-out'}`}>
          <div className="menu-item__text">
            <span className="menu-item__name">
              {item.name}
              {item.frozen && (
                <>
                  <span aria-hidden="true">*</span>
                  <span className="visually-hidden"> {t('frozenMark')}</span>
                </>
              )}
              {!item.available && <span className="menu-item__sold-out">{t('soldOut')}</span>}
            </span>
            {item.description && <span className="menu-item__description">{item.description}</span>}
            {item.ingredients && <span className="menu-item__ingredients">{item.ingredients}</span>}
            <DishAllergens allergens={item.allergens} />
          </div>
          {item.prices.length === 1 && item.prices[0]!.label === '' ? (
            <span className="menu-item__price">{item.prices[0]!.text}</span>
          ) : (
            <ul className="menu-item__prices">
              {item.prices.map((price) => (
                <li key={price.label}>
                  <span className="menu-item__size">{price.label}</span>{' '}
                  <span className="menu-item__price">{price.text}</span>
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ul>
  );
}
