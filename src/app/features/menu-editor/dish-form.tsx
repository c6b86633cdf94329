import { useEffect, useId, useState, type FormEvent } from 'react';
import { ALLERGENS, type Allergen } from '../../../shared/allergens.ts';
import {
  MENU_DESCRIPTION_MAX,
  MENU_INGREDIENTS_MAX,
  MENU_NAME_MAX,
  PRICE_LABEL_MAX,
  PRICES_MAX,
  type MenuItemAnswer,
  type MenuSectionAnswer,
} from '../../../shared/schemas/menu.ts';
import { showToast } from '../../components/toasts.tsx';
import { ConfirmedAction } from '../../components/confirmed-action.tsx';
import { AllergenIcon } from '../../components/allergen-icons.tsx';
import {
  clearDishDraft,
  draftKey,
  draftOf,
  readDishDraft,
  writeDishDraft,
  type DishDraft,
} from './dish-drafts.ts';
import { ALLERGEN_LABELS_IT, MENU_EDITOR_TEXTS as T } from './menu-editor-texts.ts';

/** The kept drafts (key and contents) this page has already told staff about. */
const announcedDrafts = new Set<string>();

/**
 * A dish's form: texts in Italian, prices with their sizes, allergens
 * ("not declared yet" kept apart from "none"), the frozen flag,
 * availability and whether it can be ordered for takeaway. Every keystroke is kept in the browser until the dish is
 * saved, so a session that expires mid-edit loses nothing: the form comes
 * back as it was after the login.
 */
export function DishForm({
  item,
  sectionId,
  sections,
  onSubmit,
  busy,
  onCancel,
  onDelete,
}: {
  /** null: a new dish. */
  item: MenuItemAnswer | null;
  sectionId: number;
  sections: readonly Pick<MenuSectionAnswer, 'id' | 'name'>[];
  /** Saves; true when the server took it. */
  onSubmit: (draft: DishDraft) => Promise<boolean>;
  /** The save `onSubmit` runs is under way. */
  busy: boolean;
  onCancel: () => void;
  onDelete?: () => Promise<boolean>;
}) {
  const id = useId();
  const key = draftKey(item?.id ?? null, sectionId);
  const [kept] = useState(() => readDishDraft(key));
  const [draft, setDraft] = useState<DishDraft>(() => ({
    ...draftOf(item, sectionId),
    ...kept,
  }));

  // Said once per kept draft: the form may mount again while the menu reloads
  // (after the login that brought staff back here).
  useEffect(() => {
    const said = kept && `${key}\n${JSON.stringify(kept)}`;
    if (!said || announcedDrafts.has(said)) return;
    announcedDrafts.add(said);
    void showToast('info', T.draftRestored);
  }, [kept, key]);

  function change(next: Partial<DishDraft>) {
    setDraft((current) => {
      const updated = { ...current, ...next };
      writeDishDraft(key, updated);
      return updated;
    });
  }

  function changePrice(index: number, next: Partial<DishDraft['prices'][number]>) {
    change({
      prices: draft.prices.map((price, at) => (at === index ? { ...price, ...next } : price)),
    });
  }

  function toggleAllergen(code: Allergen, checked: boolean) {
    const codes = new Set(draft.allergens);
    if (checked) codes.add(code);
    else codes.delete(code);
    change({ allergens: ALLERGENS.filter((each) => codes.has(each)) });
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const saved = await onSubmit(draft);
    if (saved) clearDishDraft(key);
  }

  function cancel() {
    clearDishDraft(key);
    onCancel();
  }

  const field = (name: string) => `${id}-${name}`;
  const title = item
    ? T.editDishTitle(item.name)
    : T.newDishTitle(sectionName(sections, sectionId));
  return (
    <form className="staff-form menu-editor__form" onSubmit={submit} aria-busy={busy}>
      <h2 className="staff-panel__title" tabIndex={-1} data-autofocus>
        {title}
      </h2>
      <div className="staff-field">
        <label htmlFor={field('name')}>{T.name}</label>
        <input
          id={field('name')}
          type="text"
          required
          maxLength={MENU_NAME_MAX}
          value={draft.name}
          onChange={(event) => change({ name: event.target.value })}
        />
      </div>
      <div className="staff-field">
        <label htmlFor={field('description')}>{T.description}</label>
        <textarea
          id={field('description')}
          rows={3}
          maxLength={MENU_DESCRIPTION_MAX}
          value={draft.description}
          onChange={(event) => change({ description: event.target.value })}
        />
      </div>
      <div className="staff-field">
        <label htmlFor={field('ingredients')}>{T.ingredients}</label>
        <textarea
          id={field('ingredients')}
          rows={2}
          maxLength={MENU_INGREDIENTS_MAX}
          aria-describedby={field('ingredients-hint')}
          value={draft.ingredients}
          onChange={(event) => change({ ingredients: event.target.value })}
        />
        <p className="staff-hint" id={field('ingredients-hint')}>
          {T.ingredientsHint}
        </p>
      </div>
      <div className="staff-field">
        <label htmlFor={field('section')}>{T.section}</label>
        <select
          id={field('section')}
          value={draft.sectionId}
          onChange={(event) => change({ sectionId: Number(event.target.value) })}
        >
          {sections.map((section) => (
            <option key={section.id} value={section.id}>
              {section.name}
            </option>
          ))}
        </select>
      </div>

      <fieldset className="staff-fieldset menu-editor__prices">
        <legend>{T.prices}</legend>
        <p className="staff-hint">{T.pricesHint}</p>
        {draft.prices.map((price, index) => {
          const number = index + 1;
          return (
            <div key={index} className="menu-editor__price">
              <div className="staff-field">
                <label htmlFor={field(`size-${index}`)}>{T.sizeOf(number)}</label>
                <input
                  id={field(`size-${index}`)}
                  type="text"
                  maxLength={PRICE_LABEL_MAX}
                  // With one price the size is optional; with several each needs one.
                  required={draft.prices.length > 1}
                  value={price.label}
                  onChange={(event) => changePrice(index, { label: event.target.value })}
                />
              </div>
              <div className="staff-field">
                <label htmlFor={field(`amount-${index}`)}>{T.amountOf(number)}</label>
                <input
                  id={field(`amount-${index}`)}
                  type="text"
                  inputMode="decimal"
                  required
                  pattern="\d{1,5}([.,]\d{1,2})?"
                  value={price.amount}
                  onChange={(event) => changePrice(index, { amount: event.target.value })}
                />
              </div>
              {draft.prices.length > 1 ? (
                <button
                  type="button"
                  className="staff-button staff-button--small staff-button--ghost"
                  onClick={() => change({ prices: draft.prices.filter((_, at) => at !== index) })}
                >
                  {T.removePrice(number)}
                </button>
              ) : null}
            </div>
          );
        })}
        {draft.prices.length < PRICES_MAX ? (
          <button
            type="button"
            className="staff-button staff-button--small staff-button--ghost"
            onClick={() => change({ prices: [...draft.prices, { label: '', amount: '' }] })}
          >
            {T.addPrice}
          </button>
        ) : null}
      </fieldset>

      <fieldset className="staff-fieldset menu-editor__allergens">
        <legend>{T.allergens}</legend>
        <div className="menu-editor__choice">
          <label>
            <input
              type="radio"
              name={field('declared')}
              checked={!draft.allergensDeclared}
              onChange={() => change({ allergensDeclared: false })}
            />{' '}
            {T.allergensUndeclared}
          </label>
          <label>
            <input
              type="radio"
              name={field('declared')}
              checked={draft.allergensDeclared}
              onChange={() => change({ allergensDeclared: true })}
            />{' '}
            {T.allergensDeclared}
          </label>
        </div>
        <ul className="menu-editor__allergen-list">
          {ALLERGENS.map((code) => (
            <li key={code}>
              <label>
                <input
                  type="checkbox"
                  disabled={!draft.allergensDeclared}
                  checked={draft.allergensDeclared && draft.allergens.includes(code)}
                  onChange={(event) => toggleAllergen(code, event.target.checked)}
                />{' '}
                <AllergenIcon code={code} /> {ALLERGEN_LABELS_IT[code]}
              </label>
            </li>
          ))}
        </ul>
        <p className="staff-hint">{T.allergensHint}</p>
      </fieldset>

      <div className="menu-editor__checks">
        <label>
          <input
            type="checkbox"
            checked={draft.frozen}
            onChange={(event) => change({ frozen: event.target.checked })}
          />{' '}
          {T.frozen}
        </label>
        <label>
          <input
            type="checkbox"
            checked={draft.available}
            onChange={(event) => change({ available: event.target.checked })}
          />{' '}
          {T.availableNow}
        </label>
        <label>
          <input
            type="checkbox"
            checked={draft.takeaway}
            onChange={(event) => change({ takeaway: event.target.checked })}
          />{' '}
          {T.takeaway}
        </label>
      </div>

      <div className="staff-form__actions">
        <button type="submit" className="staff-button" disabled={busy}>
          {T.saveDish}
        </button>
        <button type="button" className="staff-button staff-button--ghost" onClick={cancel}>
          {T.cancel}
        </button>
        {item && onDelete ? (
          <ConfirmedAction
            label={T.deleteDish}
            question={T.confirmDeleteDish(item.name)}
            danger
            onConfirm={async () => {
              if (await onDelete()) clearDishDraft(key);
            }}
          />
        ) : null}
      </div>
    </form>
  );
}

function sectionName(sections: readonly Pick<MenuSectionAnswer, 'id' | 'name'>[], id: number) {
  return sections.find((section) => section.id === id)?.name ?? '';
}
