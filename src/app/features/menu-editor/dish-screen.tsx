import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useRevalidator } from 'react-router';
import {
  ITEM_TEXT_FIELDS,
  MENU_DESCRIPTION_MAX,
  MENU_INGREDIENTS_MAX,
  MENU_NAME_MAX,
  type ItemTextField,
  type ItemTranslationsAnswer,
  type MenuAnswer,
} from '../../../shared/schemas/menu.ts';
import { LoadedPanel, type Loading } from '../../staff/index.ts';
import {
  FieldTranslationsReview,
  TranslationsSection,
  type ReviewField,
} from '../../staff-kit/index.ts';
import { bodyOf, type DishDraft } from './dish-drafts.ts';
import { DishForm } from './dish-form.tsx';
import type { MenuEditorData } from './load-menu-editor.ts';
import {
  createItem,
  deleteItem,
  resetItemTranslation,
  saveItemTranslation,
  updateItem,
} from './menu-editor-api.ts';
import { MENU_EDITOR_TEXTS as T } from './menu-editor-texts.ts';
import { useMenuWrite } from './use-menu-write.ts';

/** How often, and how many times, a dish's page asks again while the server translates. */
const POLL_INTERVAL_MS = 2000;
const MAX_POLLS = 10;

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

/** A dish's page: its form, and its translations once it exists. */
export function DishScreen({ data, menu }: { data: MenuEditorData; menu: MenuAnswer }) {
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
