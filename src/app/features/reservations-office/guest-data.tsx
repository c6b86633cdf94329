import { useEffect, useId, useState, type FormEvent } from 'react';
import type { GuestData, GuestErased } from '../../../shared/schemas/guest-data.ts';
import { guestDataQuery, guestKeyOf, type GuestKey } from '../../../shared/schemas/guest.ts';
import { ConfirmedAction } from '../../components/confirmed-action.tsx';
import { useStaffSave, SubmitButton, StaffPanel } from '../../staff/index.ts';
import { spokenDate } from '../../staff-kit/index.ts';
import { eraseGuestData, fetchGuestData } from './reservations-office-api.ts';
import { GUEST_DATA_TEXTS as T, RESERVATIONS_TEXTS } from './reservations-office-texts.ts';

/** Whom an answer is about: the e-mail or the phone it was asked for. */
const whom = (answer: { email?: string; phone?: string }) => answer.email ?? answer.phone ?? '';
const keyOf = (data: GuestData): GuestKey =>
  data.email !== undefined ? { email: data.email } : { phone: data.phone ?? '' };

/** "dati-giulia@example.test-2026-06-10.json": whose data, and when it was taken. */
const fileNameOf = (data: GuestData) =>
  `dati-${whom(data).replace(/[^\w.@+-]/g, '_')}-${data.exportedAt.slice(0, 10)}.json`;

/**
 * One guest's data on their request (GDPR: access and erasure): found by
 * e-mail or by phone (what holds an @ is an e-mail), handed over as the
 * server's JSON, or erased for good.
 */
export function GuestDataPanel() {
  const id = useId();
  const { save: search, busy } = useStaffSave();
  const { save } = useStaffSave();
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [found, setFound] = useState<GuestData | null>(null);
  const [erased, setErased] = useState<GuestErased | null>(null);

  async function find(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const checked = guestDataQuery.safeParse(
      typed.includes('@') ? { email: typed } : { phone: typed },
    );
    if (!checked.success) {
      setProblem(T.invalidGuest);
      return;
    }
    setProblem(null);
    await search((token) => fetchGuestData(token, guestKeyOf(checked.data)), {
      then: false,
      onSaved: (data) => {
        setErased(null);
        setFound(data);
      },
    });
  }

  // The day on screen may have held some of the guest's bookings: it is loaded again.
  async function erase(data: GuestData) {
    await save((token) => eraseGuestData(token, keyOf(data)), {
      onSaved: (counts) => {
        setFound(null);
        setErased(counts);
      },
      success: erasedText,
    });
  }

  return (
    <StaffPanel title={T.title} intro={T.intro}>
      <form className="staff-form bookings__search" onSubmit={find} aria-busy={busy} noValidate>
        <div className="staff-field">
          <label htmlFor={`${id}-guest`}>{T.guest}</label>
          <input
            id={`${id}-guest`}
            type="text"
            autoComplete="off"
            required
            maxLength={254}
            value={typed}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-problem` : undefined}
            onChange={(event) => setTyped(event.target.value)}
          />
          {problem ? (
            <p className="staff-hint bookings__field-problem" id={`${id}-problem`} role="alert">
              {problem}
            </p>
          ) : null}
        </div>
        <div>
          <SubmitButton label={T.search} busyLabel={T.searching} busy={busy} />
        </div>
      </form>
      <div className="bookings__guest" aria-live="polite">
        {found ? <GuestFound data={found} onErase={() => erase(found)} /> : null}
        {erased ? <p className="bookings__erased">{erasedText(erased)}</p> : null}
      </div>
    </StaffPanel>
  );
}

const erasedText = (counts: GuestErased) =>
  T.erased(
    whom(counts),
    T.reservations(counts.reservations),
    T.orders(counts.takeawayOrders),
    T.events(counts.eventInquiries),
    T.messages(counts.contactMessages),
    T.mails(counts.mails),
    counts.guests,
  );

function GuestFound({ data, onErase }: { data: GuestData; onErase: () => Promise<void> }) {
  const download = useDownloadUrl(data);
  const nothing =
    data.reservations.length === 0 &&
    data.takeawayOrders.length === 0 &&
    data.eventInquiries.length === 0 &&
    data.contactMessages.length === 0;
  if (nothing) return <p>{T.nothing(whom(data))}</p>;
  return (
    <>
      <p className="bookings__found">
        {T.found(
          whom(data),
          T.reservations(data.reservations.length),
          T.orders(data.takeawayOrders.length),
          T.events(data.eventInquiries.length),
          T.messages(data.contactMessages.length),
        )}
      </p>
      {data.reservations.length > 0 ? (
        <ul className="bookings__found-list">
          {data.reservations.map((booking) => (
            <li key={booking.id}>
              {spokenDate(booking.date)}, {booking.time} ·{' '}
              {RESERVATIONS_TEXTS.persons(booking.party)} ·{' '}
              {RESERVATIONS_TEXTS.status[booking.status]}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="staff-form__actions">
        {download ? (
          <a
            className="staff-button staff-button--small"
            href={download}
            download={fileNameOf(data)}
          >
            {T.download}
          </a>
        ) : null}
        <ConfirmedAction
          label={T.erase}
          question={T.eraseQuestion(whom(data))}
          confirmLabel={T.eraseYes}
          cancelLabel={T.back}
          danger
          onConfirm={onErase}
        />
      </div>
    </>
  );
}

/** The guest's data as a file the link downloads, held only while the link is on screen. */
function useDownloadUrl(data: GuestData): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
    const made = URL.createObjectURL(blob);
    setUrl(made);
    return () => {
      URL.revokeObjectURL(made);
      setUrl(null);
    };
  }, [data]);
  return url;
}
