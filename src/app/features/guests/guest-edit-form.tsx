import { useId, type FormEvent } from 'react';
import {
  guestPatchBody,
  STAFF_NOTES_MAX,
  type GuestDetail,
} from '../../../shared/schemas/guest-records.ts';
import { FormProblems } from '../../components/form-problems.tsx';
import { issuesOf, SaveBar, useCheckedSave, useDraft } from '../../staff/index.ts';
import { patchGuest } from './guests-api.ts';
import { GUESTS_TEXTS as T } from './guests-texts.ts';

interface Draft {
  notes: string;
  tags: string[];
}
const draftOf = (guest: GuestDetail): Draft => ({ notes: guest.notes, tags: guest.tags });

/**
 * Staff's notes on a guest (allergies, preferences: staff-only) and the
 * tags chosen from the owner's list, saved together. A tag the guest holds
 * that the owner has since taken off the list is shown too, to be taken away.
 */
export function GuestEditForm({
  guest,
  tagChoices,
  onSaved,
}: {
  guest: GuestDetail;
  tagChoices: readonly string[];
  onSaved: (guest: GuestDetail) => void;
}) {
  const id = useId();
  const { draft, setDraft, dirty, keep } = useDraft(guest, draftOf);
  const { submit, busy, problems } = useCheckedSave();
  const choices = [...tagChoices, ...guest.tags.filter((tag) => !tagChoices.includes(tag))];

  function save(event: FormEvent<HTMLFormElement>) {
    const body = { notes: draft.notes, tags: draft.tags };
    const checked = guestPatchBody.safeParse(body);
    void submit(event, issuesOf(checked), (token) => patchGuest(token, guest.key, body), {
      then: false,
      success: T.saved(guest.name),
      onSaved: (fresh) => {
        keep(fresh);
        onSaved(fresh);
      },
    });
  }

  function toggle(tag: string, on: boolean) {
    setDraft((current) => ({
      ...current,
      // In the list's order, whatever the order of the taps.
      tags: on
        ? choices.filter((choice) => choice === tag || current.tags.includes(choice))
        : current.tags.filter((held) => held !== tag),
    }));
  }

  return (
    <form
      className="staff-form guests__form"
      aria-labelledby={`${id}-title`}
      aria-busy={busy}
      noValidate
      onSubmit={save}
    >
      <h3 id={`${id}-title`} className="staff-panel__subtitle">
        {T.edit}
      </h3>
      <div className="staff-field">
        <label htmlFor={`${id}-notes`}>{T.notes}</label>
        <textarea
          id={`${id}-notes`}
          rows={4}
          maxLength={STAFF_NOTES_MAX}
          value={draft.notes}
          aria-describedby={`${id}-notes-hint ${id}-notes-count`}
          onChange={(event) => setDraft((current) => ({ ...current, notes: event.target.value }))}
        />
        <p className="staff-hint" id={`${id}-notes-hint`}>
          {T.notesHint}
        </p>
        <p className="staff-hint" id={`${id}-notes-count`}>
          {T.notesCount(draft.notes.length)}
        </p>
      </div>
      {choices.length === 0 ? (
        <p className="staff-hint">{T.noTagChoices}</p>
      ) : (
        <fieldset className="guests__tag-choices">
          <legend>{T.tagChoices}</legend>
          {choices.map((tag) => (
            <label key={tag} className="guests__tag-choice">
              <input
                type="checkbox"
                checked={draft.tags.includes(tag)}
                onChange={(event) => toggle(tag, event.target.checked)}
              />
              {tag}
            </label>
          ))}
        </fieldset>
      )}
      <FormProblems title={T.fix} problems={problems} />
      <SaveBar
        label={T.save}
        savingLabel={T.saving}
        saving={busy}
        unsaved={dirty}
        unsavedNote={T.unsaved}
      />
    </form>
  );
}
