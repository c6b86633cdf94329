import type { InputHTMLAttributes, KeyboardEvent } from 'react';
import { GuestNotice } from './guest-notice.tsx';
import { GUEST_LOOKUP_TEXTS as T, GUEST_NOTICE_TEXTS } from './guest-texts.ts';
import type { GuestLookup, LookupField } from './use-guest-lookup.ts';

type InputProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'value' | 'onChange' | 'onKeyDown' | 'onBlur' | 'role'
>;

/**
 * A phone form's name or phone field that offers returning guests as staff
 * type (a combobox with its listbox, WAI-ARIA's "list autocomplete"): the
 * arrows move through them, Enter or a tap picks one, Escape closes the
 * list; how many were found is said as they come.
 */
export function GuestLookupInput({
  lookup,
  field,
  id,
  value,
  onChange,
  ...input
}: InputProps & {
  lookup: GuestLookup;
  field: LookupField;
  id: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const listId = `${id}-guests`;
  const optionId = (index: number) => `${listId}-${index}`;
  const open = lookup.openOn === id;
  const count = lookup.suggestions.length;

  function keyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (!open) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      const next =
        lookup.highlighted < 0
          ? step === 1
            ? 0
            : count - 1
          : (lookup.highlighted + step + count) % count;
      lookup.setHighlighted(next);
    } else if (event.key === 'Enter' && lookup.highlighted >= 0) {
      // The guest is chosen, and the form not sent.
      event.preventDefault();
      lookup.pick(lookup.suggestions[lookup.highlighted]!);
    } else if (event.key === 'Escape') {
      // Only the list closes (not the sheet or the form around it).
      event.preventDefault();
      event.stopPropagation();
      lookup.close();
    }
  }

  return (
    <div className="guest-lookup">
      <input
        {...input}
        id={id}
        value={value}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={
          open && lookup.highlighted >= 0 ? optionId(lookup.highlighted) : undefined
        }
        onChange={(event) => {
          onChange(event.target.value);
          lookup.typed(id, field, event.target.value);
        }}
        onKeyDown={keyDown}
        onBlur={lookup.close}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label={T.listLabel}
        className="guest-lookup__list"
        hidden={!open}
      >
        {open
          ? lookup.suggestions.map((guest, index) => (
              <li
                key={guest.key}
                id={optionId(index)}
                role="option"
                aria-selected={index === lookup.highlighted}
                className="guest-lookup__option"
                // The input keeps the focus (and its list) until the tap has picked.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => lookup.pick(guest)}
              >
                <span className="guest-lookup__name">{guest.name}</span>
                <span className="guest-lookup__contact">
                  {T.option('', guest.phone, guest.email)}
                </span>
                {guest.noShows > 0 ? (
                  <span className="guest-lookup__no-show">
                    <span aria-hidden="true">⚠ </span>
                    {GUEST_NOTICE_TEXTS.noShows(guest.noShows)}
                  </span>
                ) : null}
              </li>
            ))
          : null}
      </ul>
      <p className="visually-hidden" role="status">
        {lookup.answered && lookup.typingIn === id ? T.found(count) : ''}
      </p>
    </div>
  );
}

/**
 * The guest picked in a phone form, with their notice (visits, no-shows,
 * notes), so that staff see it before saving; "Non è questo ospite" takes
 * it away.
 */
export function PickedGuest({ lookup, className }: { lookup: GuestLookup; className?: string }) {
  const guest = lookup.picked;
  return (
    <div className={className ? `guest-picked ${className}` : 'guest-picked'} aria-live="polite">
      {guest ? (
        <>
          <p className="guest-picked__title">{T.picked(guest.name)}</p>
          <GuestNotice guest={guest} name={guest.name} />
          <button
            type="button"
            className="staff-button staff-button--small staff-button--ghost"
            onClick={lookup.forget}
          >
            {T.forget}
          </button>
        </>
      ) : null}
    </div>
  );
}
