import { useTranslation } from 'react-i18next';
import { dayOptionText } from '../../components/opening-hours/format.ts';
import { usePageLang } from '../../i18n/use-page-lang.ts';
import { QUANTITY_MAX } from '../../../shared/takeaway-refusals.ts';
import { DishAllergens } from '../../components/allergen-icons.tsx';
import {
  euros,
  lineKey,
  quantityField,
  totalCents,
  type Basket,
  type BasketLine,
  type TakeawayPageData,
} from './order.ts';

/**
 * The takeaway page's first form, a GET (so that the server can show the
 * pickup times without JavaScript): the dishes with a quantity for each
 * size, and the day. With JavaScript every change follows at once, and the
 * button asks for the times again in place (`onShow`).
 */
export function DishesAndDayForm({
  data,
  basket,
  date,
  hydrated,
  onQuantity,
  onDate,
  onShow,
}: {
  data: TakeawayPageData;
  basket: Basket;
  date: string;
  hydrated: boolean;
  onQuantity: (key: string, text: string) => void;
  onDate: (date: string) => void;
  onShow: () => void;
}) {
  const { t } = useTranslation('takeaway');
  const lang = usePageLang();
  return (
    <form
      method="get"
      action="/takeaway"
      className="booking-card takeaway-dishes"
      onSubmit={(event) => {
        if (!hydrated) return;
        event.preventDefault();
        onShow();
      }}
    >
      <input type="hidden" name="lng" value={lang} />
      {data.sections.length === 0 && <p>{t('dishes.none')}</p>}
      {data.sections.map((section) => (
        <fieldset key={section.id} className="takeaway-section">
          <legend>{section.name}</legend>
          <ul className="menu-items">
            {section.dishes.map((dish) => (
              <li
                key={dish.id}
                className={`menu-item takeaway-dish${dish.available ? '' : ' menu-item--sold-out'}`}
              >
                <div className="menu-item__text">
                  <span className="menu-item__name">
                    {dish.name}
                    {!dish.available && (
                      <span className="menu-item__sold-out">{t('dishes.soldOut')}</span>
                    )}
                  </span>
                  {dish.description && (
                    <span className="menu-item__description">{dish.description}</span>
                  )}
                  <DishAllergens allergens={dish.allergens} />
                </div>
                <ul className="takeaway-sizes">
                  {dish.sizes.map((size, index) => {
                    const key = lineKey(dish.id, index);
                    const id = `takeaway-${key}`;
                    return (
                      <li key={key} className="takeaway-size">
                        <label htmlFor={id} className="takeaway-size__label">
                          {size.label && <span className="menu-item__size">{size.label} </span>}
                          <span className="menu-item__price">{euros(size.cents)}</span>
                        </label>
                        {dish.available && (
                          <input
                            id={id}
                            className="takeaway-quantity"
                            type="number"
                            inputMode="numeric"
                            min={0}
                            max={QUANTITY_MAX}
                            name={quantityField(key)}
                            aria-label={
                              size.label
                                ? t('dishes.sizeQuantity', { dish: dish.name, size: size.label })
                                : t('dishes.quantity', { dish: dish.name })
                            }
                            value={basket[key] ?? ''}
                            placeholder="0"
                            onChange={(event) => onQuantity(key, event.target.value)}
                          />
                        )}
                      </li>
                    );
                  })}
                </ul>
              </li>
            ))}
          </ul>
        </fieldset>
      ))}
      <fieldset>
        <legend>{t('day.legend')}</legend>
        <div className="booking-field">
          <label htmlFor="takeaway-date">{t('day.label')}</label>
          <select
            id="takeaway-date"
            name="date"
            value={date}
            onChange={(event) => onDate(event.target.value)}
          >
            <option value="">{t('day.choose')}</option>
            {data.days.map((day) => (
              <option key={day.date} value={day.date} disabled={!day.open}>
                {day.open
                  ? dayOptionText(lang, day.date)
                  : t('day.closed', { date: dayOptionText(lang, day.date) })}
              </option>
            ))}
          </select>
        </div>
      </fieldset>
      <button className="button button--ghost" type="submit">
        {t('day.show')}
      </button>
    </form>
  );
}

/** The basket's lines with their prices, and the total. */
export function BasketList({ lines }: { lines: BasketLine[] }) {
  const { t } = useTranslation('takeaway');
  return (
    <>
      <ul className="takeaway-lines">
        {lines.map((line) => (
          <li key={line.key}>
            <span>
              {t('basket.line', {
                quantity: line.quantity,
                dish: line.size.label ? `${line.dish.name} (${line.size.label})` : line.dish.name,
              })}
            </span>
            <span>{euros(line.size.cents * line.quantity)}</span>
          </li>
        ))}
      </ul>
      <p className="takeaway-total">
        <span>{t('basket.total')}</span> <strong>{euros(totalCents(lines))}</strong>
      </p>
    </>
  );
}
