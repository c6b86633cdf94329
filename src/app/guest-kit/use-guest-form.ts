import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigation } from 'react-router';
import type { GuestContact } from './guest-contact.tsx';

/**
 * The state a guest's POST form keeps between the guest and the server, the
 * same on the booking, takeaway and events pages:
 * - the page's own checks at the button (`check`), which block the press;
 * - the fields the server refused (`refused`), each forgotten once edited;
 * - after an answer or a blocked press, the focus on the first thing to fix
 *   (a marked field, else the refusal's alert `alertId`), once: not again
 *   when the form comes back with an older answer.
 */
export function useGuestForm<
  Field extends string,
  Values,
  Result extends { values: GuestContact },
>({
  result,
  fields,
  refused,
  marked = {},
  check,
  alertId,
}: {
  result: Result | undefined;
  /** The fields the form marks, in the order it shows them (the first to fix gets the focus). */
  fields: readonly Field[];
  refused: Partial<Record<Field, true>>;
  /** Fields the page marks as they are chosen (a date the restaurant cannot take). */
  marked?: Partial<Record<Field, true>>;
  check: (form: FormData) => { errors: Partial<Record<Field, true>>; values: Values };
  alertId: string;
}) {
  const navigation = useNavigation();
  const sending = navigation.state !== 'idle' && navigation.formMethod?.toUpperCase() === 'POST';
  const form = useRef<HTMLFormElement>(null);
  const [checked, setChecked] = useState<{
    errors: Partial<Record<Field, true>>;
    values: Values;
    round: number;
  } | null>(null);
  // Fields changed since the server's answer: their refusal no longer applies.
  const [edited, setEdited] = useState<{ result?: Result; fields: Set<string> }>({
    fields: new Set(),
  });
  const editedNow = edited.result === result ? edited.fields : new Set<string>();
  const errors: Partial<Record<Field, true>> = {
    ...(checked
      ? checked.errors
      : (Object.fromEntries(
          Object.entries(refused).filter(([field]) => !editedNow.has(field)),
        ) as Partial<Record<Field, true>>)),
    ...marked,
  };

  const round = checked?.round;
  const focusedFor = useRef({ result, round });
  useEffect(() => {
    if (focusedFor.current.result === result && focusedFor.current.round === round) return;
    focusedFor.current = { result, round };
    const target =
      form.current?.querySelector<HTMLElement>('[aria-invalid="true"]') ??
      form.current?.querySelector<HTMLElement>(`#${alertId}`);
    target?.focus();
  }, [result, round, alertId]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const { errors: found, values } = check(new FormData(event.currentTarget));
    if (Object.keys(found).length > 0) {
      event.preventDefault();
      setChecked({ errors: found, values, round: (checked?.round ?? 0) + 1 });
    } else {
      setChecked(null);
    }
  }

  function onEdit(name: string) {
    if (checked?.errors[name as Field]) {
      const rest = { ...checked.errors };
      delete rest[name as Field];
      setChecked({ ...checked, errors: rest });
    }
    setEdited({ result, fields: new Set(editedNow).add(name) });
  }

  return {
    errors,
    /** The first field to fix. */
    first: fields.find((field) => errors[field]),
    /** What the guest sent, shown again with the server's answer. */
    sent: result?.values,
    /** The fields edited since the server's answer. */
    editedNow,
    /** What the last blocked press held (the messages speak of it). */
    checkedValues: checked?.values,
    onEdit,
    /** The POST form's own props: its ref, the page's checks, and edits noted. */
    formProps: (hydrated: boolean) => ({
      ref: form,
      noValidate: hydrated,
      'aria-busy': sending || undefined,
      onSubmit,
      onChange: (event: FormEvent<HTMLFormElement>) =>
        onEdit((event.nativeEvent.target as HTMLInputElement | null)?.name ?? ''),
    }),
    sending,
  };
}

/**
 * A refused time may have filled up: when the server refuses the slot
 * asked for (`refused`), the day's times are asked again, once per answer.
 */
export function useReloadWhenRefused(
  slots: { reload: () => void },
  result: unknown,
  refused: boolean,
) {
  const { reload } = slots;
  useEffect(() => {
    if (refused) reload();
  }, [result, refused, reload]);
}
