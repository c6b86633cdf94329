import { useEffect, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { GUEST_SEARCH_MIN, type GuestRecord } from '../../../shared/schemas/guest-records.ts';
import { LoadedPanel, StaffPanel, useUser } from '../../staff/index.ts';
import { fetchGuests, LOOKUP_DELAY_MS, useLoad } from '../../staff-kit/index.ts';
import { GuestDetails } from './guest-details.tsx';
import { GuestTagsEditor } from './guest-tags-editor.tsx';
import { GUESTS_TEXTS as T } from './guests-texts.ts';
import { GUEST_PARAM, openKeyOf, type GuestsData } from './load-guests.ts';

const guestHref = (key: string) => `?${GUEST_PARAM}=${key}`;

/**
 * /dashboard/guests, "Ospiti": the guests seen most recently, a search as
 * staff type (3 characters at least), and one guest open with the record,
 * the history and staff's notes and tags to edit; the owner keeps the list
 * of tags. On a phone the open guest takes the list's place (the back
 * button returns); from 900 px they sit side by side (guests.css).
 */
export function GuestsOffice({ data }: { data: GuestsData }) {
  const { user } = useUser();
  const [params] = useSearchParams();
  const openKey = openKeyOf(params);
  const search = useGuestSearch();
  return (
    <StaffPanel heading="h1" title={T.title} intro={T.intro} className="guests">
      <LoadedPanel loading={data.tags} texts={T}>
        {({ tags }, setTags) => (
          <>
            <div className={`guests__layout${openKey ? ' guests__layout--open' : ''}`}>
              <div className="guests__lists">
                <SearchField search={search} />
                {search.active ? (
                  <SearchResults search={search} openKey={openKey} />
                ) : (
                  <LoadedPanel loading={data.recent} texts={T}>
                    {(recent) => (
                      <GuestList
                        guests={recent}
                        label={T.recentLabel}
                        count={T.recentCount(recent.length)}
                        openKey={openKey}
                      />
                    )}
                  </LoadedPanel>
                )}
              </div>
              {openKey ? (
                <div className="guests__open">
                  <p className="guests__back">
                    <Link
                      to={{ search: '' }}
                      className="staff-button staff-button--small staff-button--ghost"
                    >
                      <span aria-hidden="true">‹</span>&nbsp;{T.backToList}
                    </Link>
                  </p>
                  <GuestDetails
                    key={openKey}
                    guestKey={openKey}
                    tagChoices={tags}
                    onSaved={search.reload}
                  />
                </div>
              ) : null}
            </div>
            {user?.role === 'owner' ? (
              <GuestTagsEditor tags={tags} onSaved={(saved) => setTags(() => ({ tags: saved }))} />
            ) : null}
          </>
        )}
      </LoadedPanel>
    </StaffPanel>
  );
}

/** What is typed in the search, and the server's answer once typing pauses (3 characters at least). */
function useGuestSearch() {
  const { token } = useUser();
  const [typed, setTyped] = useState('');
  const [asked, setAsked] = useState<string | null>(null);
  const q = typed.trim();
  const long = q.length >= GUEST_SEARCH_MIN;
  useEffect(() => {
    if (!long) return;
    const timer = setTimeout(() => setAsked(q), LOOKUP_DELAY_MS);
    return () => clearTimeout(timer);
  }, [long, q]);
  const current = long && asked === q && token ? q : null;
  const found = useLoad(current, (signal) => fetchGuests(token ?? '', current, signal));
  return {
    typed,
    setTyped,
    /** Something is typed: the results (or the hint) instead of the recent guests. */
    active: q.length > 0,
    long,
    found,
    reload: found.reload,
  };
}
type Search = ReturnType<typeof useGuestSearch>;

function SearchField({ search }: { search: Search }) {
  const id = useId();
  return (
    <div className="staff-field guests__search" role="search">
      <label htmlFor={`${id}-q`}>{T.search}</label>
      <input
        id={`${id}-q`}
        type="search"
        autoComplete="off"
        maxLength={100}
        value={search.typed}
        aria-describedby={`${id}-hint`}
        onChange={(event) => search.setTyped(event.target.value)}
      />
      <p className="staff-hint" id={`${id}-hint`}>
        {T.searchHint}
      </p>
    </div>
  );
}

function SearchResults({ search, openKey }: { search: Search; openKey: string | null }) {
  const { found } = search;
  if (!search.long) {
    return (
      <p className="guests__count" role="status">
        {T.tooShort}
      </p>
    );
  }
  if (found.state === 'ready') {
    return (
      <GuestList
        guests={found.data}
        label={T.resultsLabel}
        count={T.foundCount(found.data.length)}
        openKey={openKey}
      />
    );
  }
  return (
    <p className="guests__count" role="status">
      {found.state === 'failed' ? T.searchFailed : T.searching}
    </p>
  );
}

/** A list of guests, its count said as it changes (aria-live): each opens the guest. */
function GuestList({
  guests,
  label,
  count,
  openKey,
}: {
  guests: GuestRecord[];
  label: string;
  count: string;
  openKey: string | null;
}) {
  return (
    <>
      <p className="guests__count" role="status">
        {count}
      </p>
      {guests.length > 0 ? (
        <ul className="guests__list" aria-label={label}>
          {guests.map((guest) => (
            <li key={guest.key}>
              <Link
                to={guestHref(guest.key)}
                className="guests__item"
                aria-current={guest.key === openKey ? 'true' : undefined}
              >
                <span className="guests__item-name">{guest.name}</span>
                <span>{[guest.phone, guest.email].filter(Boolean).join(' · ')}</span>
                <span className="staff-hint">{T.itemCounts(guest.visits, guest.orders)}</span>
                {guest.noShows > 0 ? (
                  <span className="guests__item-no-show">{T.itemNoShows(guest.noShows)}</span>
                ) : null}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
