import { useId, useState, type FormEvent } from 'react';
import { GUEST_TAG_MAX, guestTagsBody } from '../../../shared/schemas/guest-records.ts';
import { FormProblems } from '../../components/form-problems.tsx';
import { issuesOf, SaveBar, StaffPanel, useCheckedSave, useDraft } from '../../staff/index.ts';
import { putGuestTags } from './guests-api.ts';
import { GUESTS_TEXTS as T } from './guests-texts.ts';

const same = (tags: readonly string[]) => [...tags];

/**
 * The owner's list of tags (PUT /api/guests/tags): added one by one, taken
 * away with ×, saved as a whole. Staff choose a guest's tags from it.
 */
export function GuestTagsEditor({
  tags,
  onSaved,
}: {
  tags: readonly string[];
  onSaved: (tags: string[]) => void;
}) {
  const id = useId();
  const { draft, setDraft, dirty, keep } = useDraft(tags, same);
  const [typed, setTyped] = useState('');
  const [note, setNote] = useState<string | null>(null);
  const { submit, busy, problems } = useCheckedSave();

  function add() {
    const tag = typed.trim();
    if (tag === '') return;
    if (draft.some((held) => held.toLowerCase() === tag.toLowerCase())) {
      setNote(T.tagExists(tag));
      return;
    }
    setNote(null);
    setDraft((current) => [...current, tag]);
    setTyped('');
  }

  function save(event: FormEvent<HTMLFormElement>) {
    const body = { tags: draft };
    void submit(
      event,
      issuesOf(guestTagsBody.safeParse(body)),
      (token) => putGuestTags(token, draft),
      {
        then: false,
        success: T.tagsSaved,
        onSaved: (saved) => {
          keep(saved.tags);
          onSaved(saved.tags);
        },
      },
    );
  }

  return (
    <StaffPanel title={T.tagsTitle} intro={T.tagsIntro} titleId={`${id}-title`}>
      <form
        className="staff-form guests__tags-form"
        aria-labelledby={`${id}-title`}
        aria-busy={busy}
        noValidate
        onSubmit={save}
      >
        {draft.length === 0 ? (
          <p className="staff-hint">{T.tagsEmpty}</p>
        ) : (
          <ul className="guests__owner-tags" aria-label={T.tagsList}>
            {draft.map((tag) => (
              <li key={tag}>
                {tag}
                <button
                  type="button"
                  className="guests__remove-tag"
                  aria-label={T.removeTag(tag)}
                  onClick={() => setDraft((current) => current.filter((held) => held !== tag))}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        )}
        <div className="guests__add-tag">
          <div className="staff-field">
            <label htmlFor={`${id}-new`}>{T.newTag}</label>
            <input
              id={`${id}-new`}
              type="text"
              autoComplete="off"
              maxLength={GUEST_TAG_MAX}
              value={typed}
              aria-describedby={`${id}-note`}
              onChange={(event) => setTyped(event.target.value)}
              onKeyDown={(event) => {
                // Enter adds the tag; the list is saved with its own button.
                if (event.key === 'Enter') {
                  event.preventDefault();
                  add();
                }
              }}
            />
          </div>
          <button type="button" className="staff-button staff-button--ghost" onClick={add}>
            {T.addTag}
          </button>
        </div>
        <p className="staff-hint" id={`${id}-note`} aria-live="polite">
          {note}
        </p>
        <FormProblems title={T.fix} problems={problems} />
        <SaveBar
          label={T.saveTags}
          savingLabel={T.saving}
          saving={busy}
          unsaved={dirty}
          unsavedNote={T.unsaved}
        />
      </form>
    </StaffPanel>
  );
}
