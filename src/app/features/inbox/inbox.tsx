import { useEffect, useEffectEvent, useId, useState } from 'react';
import type { ApiFailure } from '../../api/client.ts';
import { useApiErrorHandler, useUser } from '../auth/index.ts';
import {
  deliveryLabel,
  formatLongDate,
  formatShortDate,
  languageName,
  preview,
  replyHref,
  senderName,
} from './format.ts';
import { fetchMessages, setMessageRead, type ContactMessage } from './inbox-api.ts';
import { INBOX_TEXTS as T, PAGE_LANGUAGES } from './inbox-texts.ts';

/**
 * The staff inbox: the contact form's messages, newest first,
 * unread ones marked; opening one shows it in full and marks it read.
 */
export function Inbox() {
  const id = useId();
  const { token } = useUser();
  const handleFailure = useApiErrorHandler();
  const [messages, setMessages] = useState<ContactMessage[] | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [loading, setLoading] = useState(true);
  const [version, setVersion] = useState(0);
  const [openId, setOpenId] = useState<number | null>(null);

  const onLoaded = useEffectEvent((list: ContactMessage[]) => {
    setMessages(list);
    setLoadFailed(false);
    setLoading(false);
  });
  const onLoadFailure = useEffectEvent((failure: ApiFailure) => {
    setLoadFailed(true);
    setLoading(false);
    handleFailure(failure);
  });

  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    fetchMessages(token, controller.signal).then(
      (result) => (result.ok ? onLoaded(result.data) : onLoadFailure(result.failure)),
      () => {
        // aborted: the component went away or the list is being reloaded
      },
    );
    return () => controller.abort();
  }, [token, version]);

  function reload() {
    setLoading(true);
    setVersion((value) => value + 1);
  }

  function setRead(messageId: number, read: boolean) {
    setMessages(
      (current) =>
        current?.map((message) => (message.id === messageId ? { ...message, read } : message)) ??
        current,
    );
  }

  async function changeRead(message: ContactMessage, read: boolean) {
    if (!token) return;
    setRead(message.id, read);
    const result = await setMessageRead(token, message.id, read);
    if (!result.ok) {
      setRead(message.id, message.read);
      handleFailure(result.failure);
    }
  }

  function toggle(message: ContactMessage) {
    if (openId === message.id) {
      setOpenId(null);
      return;
    }
    setOpenId(message.id);
    if (!message.read) void changeRead(message, true);
  }

  const unread = messages?.filter((message) => !message.read).length ?? 0;
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
          onClick={reload}
          disabled={loading}
        >
          {loading && messages ? T.reloading : T.reload}
        </button>
      </div>
      <p className="staff-panel__intro">{T.intro}</p>
      {messages === null ? (
        <p role="status">{loadFailed ? T.loadFailed : T.loading}</p>
      ) : messages.length === 0 ? (
        <p className="staff-empty">{T.empty}</p>
      ) : (
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
      )}
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
  const name = senderName(message);
  const delivery = deliveryLabel(message.delivery);
  const lastError = message.delivery?.lastError ?? null;
  // The visitor's words are in the page's language, as far as we know.
  const textLang = message.lang in PAGE_LANGUAGES ? message.lang : undefined;
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
          <time dateTime={message.createdAt}>{formatShortDate(message.createdAt)}</time>{' '}
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
                <time dateTime={message.createdAt}>{formatLongDate(message.createdAt)}</time>
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
            <a className="staff-button" href={replyHref(message)}>
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
