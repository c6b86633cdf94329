import { Link, useSearchParams } from 'react-router';
import { EVENT_STATUSES, type EventInquiry } from '../../../shared/schemas/events.ts';
import { LoadedPanel, StaffPanel } from '../../staff/index.ts';
import { EVENTS_TEXTS as T } from './events-office-texts.ts';
import { replyAge } from './format.ts';
import { eventKindName, guestName, inquiryHref, spokenDate } from '../../staff-kit/index.ts';
import { InquiryDetails } from './inquiry-details.tsx';
import { STATUS_PARAM, viewOf, type EventsData } from './load-events.ts';

const listHref = (status: string) => `?${STATUS_PARAM}=${status}`;

/**
 * /dashboard/events: the event requests by status, newest first, and the
 * one open with its details, thread and reply box. On a phone the open
 * request takes the screen (the back button returns to the list); on a wide
 * screen list and request sit side by side.
 */
export function EventsOffice({ data }: { data: EventsData }) {
  const [params] = useSearchParams();
  const view = viewOf(params);
  return (
    <StaffPanel heading="h1" title={T.title} intro={T.intro} className="events-office">
      <LoadedPanel loading={data.inquiries} texts={T}>
        {(inquiries, setData) => (
          <Requests
            inquiries={inquiries}
            view={view}
            onChanged={(changed) =>
              setData((all) => all.map((one) => (one.id === changed.id ? changed : one)))
            }
          />
        )}
      </LoadedPanel>
    </StaffPanel>
  );
}

function Requests({
  inquiries,
  view,
  onChanged,
}: {
  inquiries: EventInquiry[];
  view: ReturnType<typeof viewOf>;
  onChanged: (changed: EventInquiry) => void;
}) {
  const open =
    view.openId === null ? null : (inquiries.find((one) => one.id === view.openId) ?? null);
  const status = view.status ?? open?.status ?? 'new';
  const shown = inquiries.filter((one) => one.status === status);
  const now = new Date();
  return (
    <div
      className={`events-office__layout${view.openId === null ? '' : ' events-office__layout--open'}`}
    >
      <div className="events-office__lists">
        <nav className="events-office__tabs" aria-label={T.statusesLabel}>
          {EVENT_STATUSES.map((each) => (
            <Link
              key={each}
              to={listHref(each)}
              className="events-office__tab"
              aria-current={each === status ? 'page' : undefined}
            >
              {T.status[each]}{' '}
              <span className="staff-count">
                {inquiries.filter((one) => one.status === each).length}
              </span>
            </Link>
          ))}
        </nav>
        {shown.length === 0 ? (
          <p className="staff-empty">{T.empty[status]}</p>
        ) : (
          <ul className="events-office__list" aria-label={T.listLabel(T.status[status])}>
            {shown.map((inquiry) => (
              <li key={inquiry.id}>
                <Link
                  to={inquiryHref(inquiry.id)}
                  className="events-office__item"
                  aria-current={inquiry.id === open?.id ? 'true' : undefined}
                >
                  <span className="events-office__item-name">{guestName(inquiry.name)}</span>
                  <span>
                    {T.headline(eventKindName(inquiry.kind), spokenDate(inquiry.date))} ·{' '}
                    {T.service[inquiry.service]} · {T.persons(inquiry.adults + inquiry.children)}
                  </span>
                  <span className="staff-hint">{replyAge(inquiry, now)}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
      {view.openId === null ? null : (
        <div className="events-office__open">
          <Link
            to={listHref(status)}
            className="staff-button staff-button--small staff-button--ghost events-office__back"
          >
            <span aria-hidden="true">‹</span>&nbsp;{T.backToList}
          </Link>
          {open ? (
            <InquiryDetails key={open.id} inquiry={open} now={now} onChanged={onChanged} />
          ) : (
            <p className="staff-empty">{T.notFound}</p>
          )}
        </div>
      )}
    </div>
  );
}
