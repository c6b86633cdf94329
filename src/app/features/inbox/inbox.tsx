import { useId, useState, type ReactNode } from 'react';
import { useRevalidator } from 'react-router';
import { LoadedPanel, useStaffSave, type Loading } from '../../staff/index.ts';
import { useRestaurantName } from '../../components/use-restaurant.ts';
import { deliveryLabel, languageName, preview, replyHref, senderName } from './format.ts';
import { setMessageRead, type ContactMessage } from './inbox-api.ts';
import { instantText, longInstantText } from '../../staff-kit/index.ts';
import { INBOX_TEXTS as T } from './inbox-texts.ts';
import { LANGUAGE_LABELS_IT } from '../../../shared/languages.ts';

/**
 * The staff inbox: the contact form's messages, newest first,
 * unread ones marked; opening one shows it in full and marks it read.
 * `messages` is what the route's client loader fetches; "Ricarica" runs it again.
 */
export function Inbox({ messages }: { messages: Loading<ContactMessage[]> }) {
  const { revalidate } = useRevalidator();
  // The loader hands over the answer still to come and the router keeps this
  // screen until it is in: "Ricarica" is busy while the screen it was pressed on stays.
  const [reloadedFrom, setReloadedFrom] = useState<Loading<ContactMessage[]> | null>(null);
  const reloading = reloadedFrom === messages;

  function reload() {
    setReloadedFrom(messages);
    void revalidate();
  }

  return (
    <LoadedPanel
      loading={messages}
      texts={T}
      frame={(content, { data, failed }) => (
        <InboxPanel
          unread={data?.filter((message) => !message.read).length ?? 0}
          reloadLabel={reloading && data ? T.reloading : T.reload}
          // Nothing to reload before the first answer is in.
          onReload={reloading || (data === null && !failed) ? undefined : reload}
        >
          {content}
        </InboxPanel>
      )}
    >
      {(list, setData) => <MessageList messages={list} setData={setData} />}
    </LoadedPanel>
  );
}

function MessageList({
  messages,
  setData,
}: {
  messages: ContactMessage[];
  setData: (update: (messages: ContactMessage[]) => ContactMessage[]) => void;
}) {
  const { save } = useStaffSave();
  const [openId, setOpenId] = useState<number | null>(null);

  function setRead(messageId: number, read: boolean) {
    setData((current) =>
      current.map((message) => (message.id === messageId ? { ...message, read } : message)),
    );
  }

  async function changeRead(message: ContactMessage, read: boolean) {
    await save(
      (token) => {
        // Shown at once; put back if the server refuses.
        setRead(message.id, read);
        return setMessageRead(token, message.id, read);
      },
      {
        then: false,
        onFailure: () => {
          setRead(message.id, message.read);
          return false;
        },
      },
    );
  }

  function toggle(message: ContactMessage) {
    if (openId === message.id) {
      setOpenId(null);
      return;
    }
    setOpenId(message.id);
    if (!message.read) void changeRead(message, true);
  }

  if (messages.length === 0) return <p className="staff-empty">{T.empty}</p>;
  return (
    <ul className="staff-messages" aria-label={T.listLabel}>
      {messages.map((message) => (
        <MessageItem
          key={message.id}
          message={message}
          open={openId === message.id}
          onToggle={() => toggle(message)}
          onChangeRead={(read) => void changeRead(message, read)}
        />
      ))}
    </ul>
  );
}

/**
 * The panel around the list: the title with the count of unread messages,
 * and "Ricarica" (disabled without `onReload`).
 */
function InboxPanel({
  unread,
  reloadLabel,
  onReload,
  children,
}: {
  unread: number;
  reloadLabel: string;
  onReload?: () => void;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section className="staff-panel" aria-labelledby={`${id}-title`} id="messaggi">
      <div className="staff-panel__head">
        <h1 id={`${id}-title`} className="staff-panel__title">
          {T.title}
          {unread > 0 ? (
            <>
              {' '}
              <span className="staff-count">{T.unread(unread)}</span>
            </>
          ) : null}
        </h1>
        <button
          type="button"
          className="staff-button staff-button--ghost staff-button--small"
          onClick={onReload}
          disabled={!onReload}
        >
          {reloadLabel}
        </button>
      </div>
      <p className="staff-panel__intro">{T.intro}</p>
      {children}
    </section>
  );
}

function MessageItem({
  message,
  open,
  onToggle,
  onChangeRead,
}: {
  message: ContactMessage;
  open: boolean;
  onToggle: () => void;
  onChangeRead: (read: boolean) => void;
}) {
  const id = useId();
  const restaurant = useRestaurantName();
  const name = senderName(message);
  const delivery = deliveryLabel(message.delivery);
  const lastError = message.delivery?.lastError ?? null;
  // The visitor's words are in the page's language, as far as we know.
  const textLang = message.lang in LANGUAGE_LABELS_IT ? message.lang : undefined;
  const classes = [
    'staff-message',
    message.read ? '' : 'staff-message--unread',
    open ? 'staff-message--open' : '',
  ].filter(Boolean);

  return (
    <li className={classes.join(' ')}>
      <button
        type="button"
        className="staff-message__toggle"
        aria-expanded={open}
        aria-controls={`${id}-body`}
        onClick={onToggle}
      >
        <span className="staff-message__top">
          <span className="staff-message__name">{name}</span>
          {message.read ? null : (
            <>
              {' '}
              <span className="staff-badge staff-badge--new">{T.newBadge}</span>
            </>
          )}
        </span>{' '}
        <span className="staff-message__meta">
          <time dateTime={message.createdAt}>{instantText(message.createdAt)}</time>{' '}
          <span
            className={`staff-delivery staff-delivery--${delivery.tone}`}
            title={lastError ? T.lastError(lastError) : T.delivery}
          >
            {delivery.text}
          </span>
        </span>{' '}
        {open ? null : (
          <span className="staff-message__preview" lang={textLang}>
            {preview(message.message)}
          </span>
        )}
      </button>
      {open ? (
        <div id={`${id}-body`} className="staff-message__body">
          <dl className="staff-message__details">
            <div>
              <dt>{T.email}</dt>
              <dd className="staff-message__email">{message.email}</dd>
            </div>
            <div>
              <dt>{T.date}</dt>
              <dd>
                <time dateTime={message.createdAt}>{longInstantText(message.createdAt)}</time>
              </dd>
            </div>
            <div>
              <dt>{T.lang}</dt>
              <dd>{languageName(message.lang)}</dd>
            </div>
            <div>
              <dt>{T.delivery}</dt>
              <dd>
                <span className={`staff-delivery staff-delivery--${delivery.tone}`}>
                  {delivery.text}
                </span>
                {lastError ? <small className="staff-hint">{T.lastError(lastError)}</small> : null}
              </dd>
            </div>
          </dl>
          <p className="staff-message__text" lang={textLang}>
            {message.message}
          </p>
          <div className="staff-form__actions">
            <a className="staff-button" href={replyHref(message, restaurant)}>
              {T.reply}
            </a>
            <button
              type="button"
              className="staff-button staff-button--ghost"
              onClick={() => onChangeRead(!message.read)}
            >
              {message.read ? T.markUnread : T.markRead}
            </button>
          </div>
        </div>
      ) : null}
    </li>
  );
}
