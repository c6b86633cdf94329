import { useId, useState, type FormEvent } from 'react';
import {
  KITCHEN_GROUPS,
  MENU_NAME_MAX,
  SECTION_PLACEMENTS,
  type KitchenGroup,
  type SectionPlacement,
} from '../../../shared/schemas/menu.ts';
import { MENU_EDITOR_TEXTS as T } from './menu-editor-texts.ts';

export interface SectionFields {
  name: string;
  placement: SectionPlacement;
  kitchen: KitchenGroup;
}

/**
 * A section's name, where it shows on /menu and who makes its dishes (for
 * takeaway's limits): to add one, or to change one.
 */
export function SectionForm({
  initial,
  submitLabel,
  title,
  onSubmit,
  busy,
  onCancel,
}: {
  initial: SectionFields;
  submitLabel: string;
  title: string;
  /** true when saved: the form then empties (new section) or closes (an edit). */
  onSubmit: (fields: SectionFields) => Promise<boolean>;
  /** The save `onSubmit` runs is under way. */
  busy: boolean;
  onCancel?: () => void;
}) {
  const id = useId();
  const [fields, setFields] = useState(initial);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const saved = await onSubmit({ ...fields, name: fields.name.trim() });
    if (saved) setFields(initial);
  }

  return (
    <form className="staff-form menu-editor__section-form" onSubmit={submit} aria-label={title}>
      <div className="staff-field">
        <label htmlFor={`${id}-name`}>{T.sectionName}</label>
        <input
          id={`${id}-name`}
          type="text"
          required
          maxLength={MENU_NAME_MAX}
          value={fields.name}
          onChange={(event) => setFields({ ...fields, name: event.target.value })}
        />
      </div>
      <div className="staff-field">
        <label htmlFor={`${id}-placement`}>{T.placement}</label>
        <select
          id={`${id}-placement`}
          value={fields.placement}
          onChange={(event) =>
            setFields({ ...fields, placement: event.target.value as SectionPlacement })
          }
        >
          {SECTION_PLACEMENTS.map((placement) => (
            <option key={placement} value={placement}>
              {T.placements[placement]}
            </option>
          ))}
        </select>
      </div>
      <div className="staff-field">
        <label htmlFor={`${id}-kitchen`}>{T.kitchen}</label>
        <select
          id={`${id}-kitchen`}
          aria-describedby={`${id}-kitchen-hint`}
          value={fields.kitchen}
          onChange={(event) =>
            setFields({ ...fields, kitchen: event.target.value as KitchenGroup })
          }
        >
          {KITCHEN_GROUPS.map((group) => (
            <option key={group} value={group}>
              {T.kitchens[group]}
            </option>
          ))}
        </select>
        <p className="staff-hint" id={`${id}-kitchen-hint`}>
          {T.kitchenHint}
        </p>
      </div>
      <div className="staff-form__actions">
        <button type="submit" className="staff-button staff-button--small" disabled={busy}>
          {submitLabel}
        </button>
        {onCancel ? (
          <button
            type="button"
            className="staff-button staff-button--small staff-button--ghost"
            onClick={onCancel}
          >
            {T.cancel}
          </button>
        ) : null}
      </div>
    </form>
  );
}
