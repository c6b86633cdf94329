// Over 400 lines: the menu editor's screens (the list and its sections, a dish's page with its translations) sharing one save hook and the route's data.
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate, useRevalidator } from 'react-router';
import {
  DEFAULT_KITCHEN_GROUP,
  ITEM_TEXT_FIELDS,
  MENU_DESCRIPTION_MAX,
  MENU_INGREDIENTS_MAX,
  MENU_NAME_MAX,
  type ItemTextField,
  type ItemTranslationsAnswer,
  type MenuAnswer,
  type MenuSectionAnswer,
} from '../../../shared/schemas/menu.ts';
import type { ApiResult } from '../../api/client.ts';
import { ConfirmedAction } from '../../components/confirmed-action.tsx';
import { LoadedPanel, StaffPanel, useStaffSave, type Loading } from '../../staff/index.ts';
import { AllergenSprite } from '../../components/allergen-icons.tsx';
import {
  FieldTranslationsReview,
  TranslationsSection,
  type ReviewField,
} from '../../staff-kit/index.ts';
import { bodyOf, type DishDraft } from './dish-drafts.ts';
import { DishForm } from './dish-form.tsx';
import { DishRow } from './dish-row.tsx';
import type { MenuEditorData } from './load-menu-editor.ts';
import {
  createItem,
  createSection,
  deleteItem,
  deleteSection,
  resetItemTranslation,
  saveItemTranslation,
  updateItem,
  updateSection,
} from './menu-editor-api.ts';
import { MENU_EDITOR_TEXTS as T } from './menu-editor-texts.ts';
import { MenuCsvPanel } from './menu-csv-panel.tsx';
import { SectionForm, type SectionFields } from './section-forms.tsx';
import { SortableList } from './sortable-list.tsx';

/** How often, and how many times, a dish's page asks again while the server translates. */
const POLL_INTERVAL_MS = 2000;
const MAX_POLLS = 10;

/**
 * A menu write through the back office's save: true once saved (a form
 * closes on it). `goTo`: where to go once it worked (its loader brings fresh
 * data), instead of reloading here. `busy` while one runs: a form has its own.
 */
function useMenuWrite() {
  const { save, busy } = useStaffSave();
  async function write(
    call: (token: string) => Promise<ApiResult<unknown>>,
    success: string,
    goTo?: string,
  ): Promise<boolean> {
    const result = await save(call, { success, then: goTo ?? 'reload' });
    return result?.ok === true;
  }
  return { write, busy };
}

/** /dashboard/menu: the full menu, in Italian, as staff edit it. */
export function MenuEditor({ data }: { data: MenuEditorData }) {
  return (
    <StaffPanel title={T.title} heading="h1" className="menu-editor">
      <AllergenSprite />
      <LoadedPanel loading={data.menu} texts={T}>
        {(menu) =>
          data.screen.kind === 'list' ? (
            <MenuList menu={menu} openSection={data.screen.openSection} />
          ) : (
            <DishScreen data={data} menu={menu} />
          )
        }
      </LoadedPanel>
    </StaffPanel>
  );
}

// ---------------------------------------------------------------------------
// The list

function MenuList({ menu, openSection }: { menu: MenuAnswer; openSection: number | null }) {
  const { write } = useMenuWrite();
  // The new-section form's own save: the list's other writes do not make it busy.
  const adding = useMenuWrite();
  const [query, setQuery] = useState('');
  const searchId = useId();
  const needle = query.trim().toLocaleLowerCase('it');
  const found = needle
    ? menu.sections.flatMap((section) =>
        section.items
          .filter((item) => item.name.toLocaleLowerCase('it').includes(needle))
          .map((item) => ({ item, section })),
      )
    : [];

  const setAvailability = (itemId: number, name: string) => (available: boolean) =>
    write(
      (token) => updateItem(token, itemId, { available }),
      available ? T.nowAvailable(name) : T.nowSoldOut(name),
    );

  return (
    <>
      <p className="staff-panel__intro">{T.intro}</p>
      <div className="staff-field menu-editor__search">
        <label htmlFor={searchId}>{T.search}</label>
        <input
          id={searchId}
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
      </div>
      {needle ? (
        found.length === 0 ? (
          <p role="status">{T.noResults}</p>
        ) : (
          <ul className="menu-editor__dishes" aria-label={T.results}>
            {found.map(({ item, section }) => (
              <li key={item.id} className="menu-editor__row">
                <p className="menu-editor__result-section">{section.name}</p>
                <DishRow item={item} onAvailability={setAvailability(item.id, item.name)} />
              </li>
            ))}
          </ul>
        )
      ) : (
        <SortableList
          items={menu.sections}
          label={T.sections}
          className="menu-editor__sections"
          handleLabel={(section) => T.moveSection(section.name)}
          onMove={(section, position) =>
            write((token) => updateSection(token, section.id, { position }), T.orderSaved)
          }
          renderItem={(section, handle) => (
            <SectionBlock
              section={section}
              handle={handle}
              initiallyOpen={section.id === openSection}
              setAvailability={setAvailability}
            />
          )}
        />
      )}
      <h2 className="staff-panel__subtitle">{T.newSection}</h2>
      <SectionForm
        title={T.newSection}
        initial={{ name: '', placement: 'carousel', kitchen: DEFAULT_KITCHEN_GROUP }}
        submitLabel={T.addSection}
        busy={adding.busy}
        onSubmit={(fields) => adding.write((token) => createSection(token, fields), T.sectionAdded)}
      />
      <MenuCsvPanel />
    </>
  );
}

function SectionBlock({
  section,
  handle,
  initiallyOpen,
  setAvailability,
}: {
  section: MenuSectionAnswer;
  handle: ReactNode;
  initiallyOpen: boolean;
  setAvailability: (itemId: number, name: string) => (available: boolean) => Promise<boolean>;
}) {
  const { write } = useMenuWrite();
  const editing = useMenuWrite();
  const [open, setOpen] = useState(initiallyOpen);
  const [editingOpen, setEditingOpen] = useState(false);
  const bodyId = useId();
  return (
    <div className="menu-editor__section">
      <div className="menu-editor__section-head">
        {handle}
        <h2 className="menu-editor__section-title">
          <button
            type="button"
            className="menu-editor__toggle"
            aria-expanded={open}
            aria-controls={bodyId}
            onClick={() => setOpen((value) => !value)}
          >
            {section.name}{' '}
            <span className="menu-editor__count">
              {T.dishes(section.items.length)} · {T.kitchens[section.kitchen]}
            </span>
          </button>
        </h2>
      </div>
      {open ? (
        <div id={bodyId} className="menu-editor__section-body">
          {section.items.length === 0 ? (
            <p>{T.emptySection}</p>
          ) : (
            <SortableList
              items={section.items}
              label={section.name}
              className="menu-editor__dishes"
              handleLabel={(item) => T.moveDish(item.name)}
              onMove={(item, position) =>
                write((token) => updateItem(token, item.id, { position }), T.orderSaved)
              }
              renderItem={(item, itemHandle) => (
                <DishRow
                  item={item}
                  handle={itemHandle}
                  onAvailability={setAvailability(item.id, item.name)}
                />
              )}
            />
          )}
          <div className="menu-editor__section-actions">
            <Link
              to={`?nuovo=${section.id}`}
              className="staff-button staff-button--small"
              aria-label={T.addDishTo(section.name)}
            >
              {T.addDish}
            </Link>
            {editingOpen ? null : (
              <button
                type="button"
                className="staff-button staff-button--small staff-button--ghost"
                aria-label={T.editSection(section.name)}
                onClick={() => setEditingOpen(true)}
              >
                {T.edit}
              </button>
            )}
            <ConfirmedAction
              label={T.deleteSection}
              question={T.confirmDeleteSection(section.name)}
              danger
              onConfirm={() => write((token) => deleteSection(token, section.id), T.sectionDeleted)}
            />
          </div>
          {editingOpen ? (
            <SectionForm
              title={T.editSection(section.name)}
              initial={{
                name: section.name,
                placement: section.placement,
                kitchen: section.kitchen,
              }}
              submitLabel={T.save}
              onCancel={() => setEditingOpen(false)}
              busy={editing.busy}
              onSubmit={async (fields: SectionFields) => {
                const saved = await editing.write(
                  (token) => updateSection(token, section.id, fields),
                  T.sectionSaved,
                );
                if (saved) setEditingOpen(false);
                return saved;
              }}
            />
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

// ---------------------------------------------------------------------------
// One dish

const REVIEW_FIELDS: readonly ReviewField<ItemTextField>[] = [
  { key: 'name', label: T.name, rows: 1, maxLength: MENU_NAME_MAX },
  { key: 'description', label: T.description, rows: 3, maxLength: MENU_DESCRIPTION_MAX },
  {
    key: 'ingredients',
    label: T.ingredients,
    rows: 2,
    maxLength: MENU_INGREDIENTS_MAX,
    hint: T.ingredientsHint,
  },
];

function DishScreen({ data, menu }: { data: MenuEditorData; menu: MenuAnswer }) {
  const navigate = useNavigate();
  const { write } = useMenuWrite();
  const saving = useMenuWrite();
  const screenRef = useRef<HTMLDivElement>(null);
  const { screen } = data;
  const located =
    screen.kind === 'dish'
      ? menu.sections
          .flatMap((section) => section.items.map((item) => ({ item, sectionId: section.id })))
          .find(({ item }) => item.id === screen.itemId)
      : undefined;
  const sectionId = screen.kind === 'new-dish' ? screen.sectionId : located?.sectionId;
  const known =
    sectionId !== undefined && menu.sections.some((section) => section.id === sectionId);
  const formKey = located ? `dish-${located.item.id}` : `new-${sectionId}`;

  // The form takes the page: its title gets the focus, as a new page's would
  // (once per form, not at every refresh of the data).
  useEffect(() => {
    screenRef.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
  }, [formKey]);

  const listWith = (openSection: number | undefined) =>
    openSection === undefined ? '?' : `?sezione=${openSection}`;

  if (!known || (screen.kind === 'dish' && !located)) {
    return (
      <div role="alert">
        <p>{T.dishNotFound}</p>
        <Link to="?" className="staff-button staff-button--small">
          {T.backToMenu}
        </Link>
      </div>
    );
  }

  async function save(draft: DishDraft): Promise<boolean> {
    const body = bodyOf(draft);
    const list = listWith(draft.sectionId);
    return located
      ? saving.write((token) => updateItem(token, located.item.id, body), T.dishSaved, list)
      : saving.write((token) => createItem(token, body), T.dishAdded, list);
  }

  return (
    <div ref={screenRef}>
      <p>
        <Link to={`?sezione=${sectionId}`}>{T.backToMenu}</Link>
      </p>
      <DishForm
        key={formKey}
        item={located?.item ?? null}
        sectionId={sectionId}
        sections={menu.sections}
        onSubmit={save}
        busy={saving.busy}
        onCancel={() => void navigate(listWith(sectionId))}
        onDelete={
          located
            ? () =>
                write(
                  (token) => deleteItem(token, located.item.id),
                  T.dishDeleted,
                  listWith(sectionId),
                )
            : undefined
        }
      />
      {located && data.translations ? (
        <DishTranslations itemId={located.item.id} translations={data.translations} />
      ) : null}
    </div>
  );
}

function DishTranslations({
  itemId,
  translations,
}: {
  itemId: number;
  translations: Loading<ItemTranslationsAnswer>;
}) {
  return (
    <TranslationsSection
      className="menu-editor__translations"
      title={T.translations}
      intro={T.translationsIntro}
    >
      <LoadedPanel
        loading={translations}
        texts={{ loading: T.translationsLoading, loadFailed: T.translationsFailed }}
      >
        {({ translations: review }) => <DishTranslationsReview itemId={itemId} review={review} />}
      </LoadedPanel>
    </TranslationsSection>
  );
}

function DishTranslationsReview({
  itemId,
  review,
}: {
  itemId: number;
  review: ItemTranslationsAnswer['translations'];
}) {
  const { write } = useMenuWrite();
  const revalidator = useRevalidator();
  const machineSeen = review.some((lang) =>
    ITEM_TEXT_FIELDS.some((field) => lang.fields[field].machine !== null),
  );
  const missing = review.some((lang) =>
    ITEM_TEXT_FIELDS.some(
      (field) => lang.fields[field].italian.trim() !== '' && lang.fields[field].machine === null,
    ),
  );
  const [polls, setPolls] = useState(0);
  /** Staff went back to the machine's text: it is on its way even if none was seen yet (a seeded dish). */
  const [resetAsked, setResetAsked] = useState(false);

  // The provider translates in the background after a save: ask again for a while.
  const expected = machineSeen || (resetAsked && polls < MAX_POLLS);
  const waiting = expected && missing && polls < MAX_POLLS;
  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => {
      setPolls((count) => count + 1);
      void revalidator.revalidate();
    }, POLL_INTERVAL_MS);
    return () => clearTimeout(timer);
  }, [waiting, polls, revalidator]);

  return (
    <FieldTranslationsReview
      fields={REVIEW_FIELDS}
      reviews={review}
      pending={expected}
      onSave={(lang, texts, italian) =>
        write(
          (token) => saveItemTranslation(token, itemId, lang, texts, italian),
          T.translationSaved,
        )
      }
      onReset={async (lang) => {
        const reset = await write(
          (token) => resetItemTranslation(token, itemId, lang),
          T.translationReset,
        );
        if (reset) {
          setResetAsked(true);
          setPolls(0);
        }
        return reset;
      }}
    />
  );
}
