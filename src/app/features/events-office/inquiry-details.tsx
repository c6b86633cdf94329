import type { ReactNode } from 'react';
import { LANGUAGE_LABELS_IT, mailtoHref, telHref } from '../../../shared/languages.ts';
import type { EventInquiry } from '../../../shared/schemas/events.ts';
import { EVENTS_TEXTS as T } from './events-office-texts.ts';
import { allergenName, replyAge } from './format.ts';
import { eventKindName, euros, guestName, instantText, spokenDate } from '../../staff-kit/index.ts';
import { ReplyBox } from './reply-box.tsx';
import { StatusActions } from './status-actions.tsx';

/** One request: what the guest asked, what to do with it, the thread and the reply box. */
export function InquiryDetails({
  inquiry,
  now,
  onChanged,
}: {
  inquiry: EventInquiry;
  now: Date;
  /** The request as the server answered a change. */
  onChanged: (changed: EventInquiry) => void;
}) {
  const titleId = `event-${inquiry.id}-title`;
  return (
    <article className="events-office__details" aria-labelledby={titleId}>
      <h2 id={titleId} className="events-office__title">
        {T.headline(eventKindName(inquiry.kind), spokenDate(inquiry.date))}
      </h2>
      <p className="events-office__state">
        <span className={`staff-badge events-office__status--${inquiry.status}`}>
          {T.statusOne[inquiry.status]}
        </span>{' '}
        <span>{replyAge(inquiry, now)}</span>
      </p>
      <dl className="events-office__facts" aria-label={T.details}>
        <Fact label={T.name}>{guestName(inquiry.name)}</Fact>
        <Fact label={T.date}>{spokenDate(inquiry.date)}</Fact>
        {inquiry.altDate ? <Fact label={T.altDate}>{spokenDate(inquiry.altDate)}</Fact> : null}
        <Fact label={T.serviceLabel}>{T.service[inquiry.service]}</Fact>
        <Fact label={T.guestsLabel}>{T.guests(inquiry.adults, inquiry.children)}</Fact>
        <Fact label={T.areaLabel}>{T.area[inquiry.area]}</Fact>
        <Fact label={T.budget}>
          {inquiry.budgetPerPerson ? euros(inquiry.budgetPerPerson) : T.noBudget}
        </Fact>
        <Fact label={T.allergens}>
          {inquiry.allergens.length > 0
            ? inquiry.allergens.map(allergenName).join(', ')
            : T.noAllergens}
        </Fact>
        {inquiry.dietaryNotes ? (
          <Fact label={T.dietaryNotes} text>
            {inquiry.dietaryNotes}
          </Fact>
        ) : null}
        {inquiry.notes ? (
          <Fact label={T.notes} text>
            {inquiry.notes}
          </Fact>
        ) : null}
        <Fact label={T.phone}>
          <a href={telHref(inquiry.phone)} aria-label={T.callLabel(inquiry.name, inquiry.phone)}>
            {inquiry.phone}
          </a>
        </Fact>
        <Fact label={T.email}>
          <a href={mailtoHref(inquiry.email)}>{inquiry.email}</a>
        </Fact>
        <Fact label={T.guestLang}>{LANGUAGE_LABELS_IT[inquiry.lang]}</Fact>
        <Fact label={T.received}>
          <time dateTime={inquiry.createdAt}>{instantText(inquiry.createdAt)}</time>
        </Fact>
        {inquiry.status === 'confirmed' && inquiry.holdCovers !== null ? (
          <Fact label={T.held}>{T.heldCovers(inquiry.holdCovers)}</Fact>
        ) : null}
      </dl>
      <StatusActions inquiry={inquiry} onChanged={onChanged} />
      <Thread inquiry={inquiry} />
      <ReplyBox inquiry={inquiry} onChanged={onChanged} />
    </article>
  );
}

function Fact({ label, text, children }: { label: string; text?: boolean; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd className={text ? 'events-office__text' : undefined}>{children}</dd>
    </div>
  );
}

/** The thread, oldest first: a reply shows staff's Italian, then what the guest received. */
function Thread({ inquiry }: { inquiry: EventInquiry }) {
  const titleId = `event-${inquiry.id}-thread`;
  return (
    <section className="events-office__thread" aria-labelledby={titleId}>
      <h3 id={titleId}>{T.thread}</h3>
      {inquiry.messages.length === 0 ? (
        <p className="staff-hint">{T.noMessages}</p>
      ) : (
        <ol className="events-office__messages" aria-label={T.thread}>
          {inquiry.messages.map((message, index) => (
            <li
              key={index}
              className={`events-office__message events-office__message--${message.from}`}
            >
              <p className="events-office__message-head">
                <strong>{message.from === 'staff' ? T.fromStaff : T.fromGuest}</strong>{' '}
                <time dateTime={message.at}>{instantText(message.at)}</time>
              </p>
              <p className="events-office__text">{message.text}</p>
              {message.from === 'staff' && message.translation !== null ? (
                <div className="events-office__translation">
                  <p className="staff-hint">{T.guestReceived(inquiry.lang)}</p>
                  <p className="events-office__text" lang={inquiry.lang}>
                    {message.translation}
                  </p>
                </div>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
