import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import {
  DEFAULT_KITCHEN_GROUP,
  type MenuAnswer,
  type MenuSectionAnswer,
} from '../../../shared/schemas/menu.ts';
import { ConfirmedAction } from '../../components/confirmed-action.tsx';
import { LoadedPanel, StaffPanel } from '../../staff/index.ts';
import { AllergenSprite } from '../../components/allergen-icons.tsx';
import { DishRow } from './dish-row.tsx';
import type { MenuEditorData } from './load-menu-editor.ts';
import { createSection, deleteSection, updateItem, updateSection } from './menu-editor-api.ts';
import { MENU_EDITOR_TEXTS as T } from './menu-editor-texts.ts';
import { MenuCsvPanel } from './menu-csv-panel.tsx';
import { SectionForm, type SectionFields } from './section-forms.tsx';
import { SortableList } from './sortable-list.tsx';
import { DishScreen } from './dish-screen.tsx';
import { useMenuWrite } from './use-menu-write.ts';

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
