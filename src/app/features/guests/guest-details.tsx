import { useState } from 'react';
import { mailtoHref, telHref } from '../../../shared/languages.ts';
import type { GuestDetail } from '../../../shared/schemas/guest-records.ts';
import { useUser } from '../../staff/index.ts';
import { fetchGuest, instantDayText, spokenDate, useLoad } from '../../staff-kit/index.ts';
import { GuestEditForm } from './guest-edit-form.tsx';
import { GUESTS_TEXTS as T } from './guests-texts.ts';

/**
 * One guest: how to reach them, their visits, no-shows (a clear warning),
 * cancellations and orders, the tags and notes staff keep (editable), and
 * the history of their bookings, orders and event requests, newest first.
 */
export function GuestDetails({
  guestKey,
  tagChoices,
  onSaved,
}: {
  guestKey: string;
  tagChoices: readonly string[];
  /** Told after a save, for the lists that show the guest. */
  onSaved: () => void;
}) {
  const { token } = useUser();
  const load = useLoad(token ? `${token} ${guestKey}` : null, (signal) =>
    fetchGuest(token ?? '', guestKey, signal),
  );
  const [saved, setSaved] = useState<GuestDetail | null>(null);
  const guest = saved ?? load.data;
  if (!guest) {
    const missing =
      load.state === 'failed' && load.failure.kind === 'http' && load.failure.status === 404;
    return (
      <p role="status" className={load.state === 'failed' ? 'staff-empty' : undefined}>
        {load.state === 'failed' ? (missing ? T.notFound : T.guestFailed) : T.guestLoading}
      </p>
    );
  }
  return (
    <article className="guests__guest" aria-labelledby={`guest-${guest.key}`}>
      <h2 id={`guest-${guest.key}`} className="guests__title">
        {guest.name}
      </h2>
      {guest.noShows > 0 ? (
        <p className="staff-warning guests__no-shows" role="note">
          {T.noShowsWarning(guest.noShows)}
        </p>
      ) : null}
      <dl className="guests__facts">
        <div className="guests__wide">
          <dt>{T.phone}</dt>
          <dd>
            {guest.phone ? (
              <a href={telHref(guest.phone)} aria-label={T.callLabel(guest.name, guest.phone)}>
                {guest.phone}
              </a>
            ) : (
              T.noPhone
            )}
          </dd>
        </div>
        <div className="guests__wide">
          <dt>{T.email}</dt>
          <dd>{guest.email ? <a href={mailtoHref(guest.email)}>{guest.email}</a> : T.noEmail}</dd>
        </div>
        <Fact label={T.visits} value={guest.visits} />
        <Fact label={T.noShows} value={guest.noShows} />
        <Fact label={T.cancellations} value={guest.cancellations} />
        <Fact label={T.orders} value={guest.orders} />
        <Fact label={T.lastVisit} value={guest.lastVisit ? spokenDate(guest.lastVisit) : T.never} />
        <Fact label={T.tags} value={guest.tags.length > 0 ? guest.tags.join(', ') : T.noTags} />
        {guest.reviewAskedAt ? (
          <Fact label={T.reviewAsked} value={instantDayText(guest.reviewAskedAt)} />
        ) : null}
        {guest.reviewsStopped ? <Fact label={T.reviews} value={T.reviewsStopped} /> : null}
      </dl>
      <GuestEditForm
        guest={guest}
        tagChoices={tagChoices}
        onSaved={(fresh) => {
          setSaved(fresh);
          onSaved();
        }}
      />
      <History guest={guest} />
    </article>
  );
}

function Fact({ label, value }: { label: string; value: string | number }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

function History({ guest }: { guest: GuestDetail }) {
  return (
    <section aria-labelledby={`history-${guest.key}`}>
      <h3 id={`history-${guest.key}`} className="staff-panel__subtitle">
        {T.history}
      </h3>
      {guest.history.length === 0 ? (
        <p className="staff-empty">{T.noHistory}</p>
      ) : (
        <ul className="guests__history">
          {guest.history.map((item) => (
            <li
              key={`${item.kind}-${item.id}`}
              className={`guests__history-item${item.status === 'no-show' ? ' guests__history-item--no-show' : ''}`}
            >
              <span>
                <strong>{spokenDate(item.date)}</strong>
                {item.time ? ` · ${item.time}` : ''}
              </span>
              <span>
                {[T.kind[item.kind], T.status[item.kind]?.[item.status] ?? item.status, item.detail]
                  .filter(Boolean)
                  .join(' · ')}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
