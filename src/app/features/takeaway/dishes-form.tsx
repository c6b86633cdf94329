import { memo, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { dayOptionText } from '../../components/opening-hours/format.ts';
import { usePageLang } from '../../i18n/use-page-lang.ts';
import { QUANTITY_MAX } from '../../../shared/takeaway-refusals.ts';
import { DishAllergens } from '../../components/allergen-icons.tsx';
import { PICKUP_STEP_ID, sectionAnchor } from './phone-ordering.tsx';
import {
  euros,
  lineKey,
  quantityField,
  totalCents,
  type Basket,
  type BasketLine,
  type TakeawayPageData,
} from './order.ts';

/** The dishes form's id: the pickup day's field and button, which sit in the pickup step, belong to it. */
const DISHES_FORM_ID = 'takeaway-dishes';

/**
 * The takeaway page's first form, a GET (so that the server can show the
 * pickup times without JavaScript): the dishes with a quantity for each
 * size, and the day (`PickupDayCard`, outside the form's element, in the
 * pickup step). With JavaScript every change follows at once, and the
 * button asks for the times again in place (`onShow`).
 */
export const DishesForm = memo(function DishesForm({
  data,
  basket,
  onQuantity,
  onShow,
}: {
  data: TakeawayPageData;
  basket: Basket;
  onQuantity: (key: string, text: string) => void;
  onShow: () => void;
}) {
  const { t } = useTranslation('takeaway');
  const lang = usePageLang();
  // Memo: sixty dishes are most of the page, and hydration ends with a
  // render of the page (useHydrated turning true) that changes none of them;
  // so the form knows it is hydrated from a ref, not from that render.
  const hydrated = useRef(false);
  useEffect(() => {
    hydrated.current = true;
  }, []);
  return (
    <form
      id={DISHES_FORM_ID}
      method="get"
      action="/takeaway"
      className="booking-card takeaway-dishes"
      onSubmit={(event) => {
        // Submitted while the page was still hydrating: the browser's own GET.
        if (!hydrated.current) return;
        event.preventDefault();
        onShow();
      }}
    >
      <input type="hidden" name="lng" value={lang} />
      {data.sections.length === 0 && <p>{t('dishes.none')}</p>}
      {data.sections.map((section) => (
        <fieldset key={section.id} id={sectionAnchor(section)} className="takeaway-section">
          {/* A heading too, where a screen reader's list of headings finds the section. */}
          <legend>
            <h2>{section.name}</h2>
          </legend>
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
                    // The dish as the buttons name it ("Water, 1 l").
                    const named = size.label ? `${dish.name}, ${size.label}` : dish.name;
                    return (
                      <li key={key} className="takeaway-size">
                        <label htmlFor={id} className="takeaway-size__label">
                          {size.label && <span className="menu-item__size">{size.label} </span>}
                          <span className="menu-item__price">{euros(size.cents)}</span>
                        </label>
                        {dish.available && (
                          <QuantityStepper
                            id={id}
                            lineKey={key}
                            quantity={basket[key] ?? 0}
                            label={
                              size.label
                                ? t('dishes.sizeQuantity', { dish: dish.name, size: size.label })
                                : t('dishes.quantity', { dish: dish.name })
                            }
                            addLabel={t('dishes.add', { dish: named })}
                            removeLabel={t('dishes.remove', { dish: named })}
                            onQuantity={onQuantity}
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
    </form>
  );
});

/**
 * The pickup step's first card: the day, a field of the dishes form (sent
 * with the quantities without JavaScript, so that the server answers with
 * that day's times for that basket). Its id is where the basket bar leads.
 */
export function PickupDayCard({
  days,
  date,
  onDate,
}: {
  days: TakeawayPageData['days'];
  date: string;
  onDate: (date: string) => void;
}) {
  const { t } = useTranslation('takeaway');
  const lang = usePageLang();
  return (
    <section
      id={PICKUP_STEP_ID}
      className="booking-card takeaway-pickup"
      aria-labelledby="takeaway-pickup-title"
    >
      <h2 id="takeaway-pickup-title">{t('day.legend')}</h2>
      <div className="booking-field">
        <label htmlFor="takeaway-date">{t('day.label')}</label>
        <select
          id="takeaway-date"
          name="date"
          form={DISHES_FORM_ID}
          value={date}
          onChange={(event) => onDate(event.target.value)}
        >
          <option value="">{t('day.choose')}</option>
          {days.map((day) => (
            <option key={day.date} value={day.date} disabled={!day.open}>
              {day.open
                ? dayOptionText(lang, day.date)
                : t('day.closed', { date: dayOptionText(lang, day.date) })}
            </option>
          ))}
        </select>
      </div>
      <button className="button button--ghost" type="submit" form={DISHES_FORM_ID}>
        {t('day.show')}
      </button>
    </section>
  );
}

/**
 * A size's quantity: a number field labelled with the dish's name, between
 * − and + buttons a thumb can hit (a number field's own arrows are tiny on a
 * phone, and a field starting at 0 is awkward to change). The buttons need
 * JavaScript; the field works without it. The field is the keyboard's
 * control (typed, or stepped by the arrow keys, as a number field's own
 * arrows are no Tab stops either): the buttons stay out of the Tab order,
 * where they would triple the stops of a list of some 60 dishes.
 * Memoised, its texts made by the list: a change of one quantity renders
 * its own stepper again, not the sixty others.
 */
const QuantityStepper = memo(function QuantityStepper({
  id,
  lineKey,
  quantity,
  label,
  addLabel,
  removeLabel,
  onQuantity,
}: {
  id: string;
  /** The basket's key for this dish and size. */
  lineKey: string;
  quantity: number;
  label: string;
  addLabel: string;
  removeLabel: string;
  onQuantity: (key: string, text: string) => void;
}) {
  return (
    <span className="takeaway-stepper">
      <button
        type="button"
        className="takeaway-step"
        tabIndex={-1}
        aria-label={removeLabel}
        // Below 1 the line leaves the basket; above the most a line holds, the page keeps the most.
        onClick={() => onQuantity(lineKey, String(Math.max(quantity - 1, 0)))}
      >
        −
      </button>
      <input
        id={id}
        className="takeaway-quantity"
        type="number"
        inputMode="numeric"
        min={0}
        max={QUANTITY_MAX}
        name={quantityField(lineKey)}
        aria-label={label}
        value={quantity === 0 ? '' : quantity}
        placeholder="0"
        onChange={(event) => onQuantity(lineKey, event.target.value)}
      />
      <button
        type="button"
        className="takeaway-step"
        tabIndex={-1}
        aria-label={addLabel}
        onClick={() => onQuantity(lineKey, String(quantity + 1))}
      >
        +
      </button>
    </span>
  );
});

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
