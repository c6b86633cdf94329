import { useId, useState } from 'react';
import { EVENT_REFUSALS, type EventInquiry } from '../../../shared/schemas/events.ts';
import type { ApiFailure } from '../../api/client.ts';
import { refusalCodes } from '../../api/errors.ts';
import { FormProblems } from '../../components/form-problems.tsx';
import { SubmitButton, useCheckedSave, useStaffSave } from '../../staff/index.ts';
import { previewReply, sendReply } from './events-office-api.ts';
import { EVENTS_TEXTS as T } from './events-office-texts.ts';

/**
 * The translation staff will send: none yet; the machine's preview of the
 * Italian as it was then (`of`), corrected or not; or one staff type
 * themselves because no machine translation could be made.
 */
type Translation =
  | { kind: 'none' }
  | { kind: 'preview'; of: string; text: string }
  | { kind: 'typed'; text: string };

const NONE: Translation = { kind: 'none' };

const unavailable = (failure: ApiFailure) =>
  refusalCodes(failure).includes(EVENT_REFUSALS.translationUnavailable);

/**
 * The reply, written in Italian. A guest who reads another language gets
 * the translation staff saw (and may correct) before sending: an Italian
 * changed after its preview needs a new one. Without machine translation,
 * staff type the translation themselves in the same box.
 */
export function ReplyBox({
  inquiry,
  onChanged,
}: {
  inquiry: EventInquiry;
  onChanged: (changed: EventInquiry) => void;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const [translation, setTranslation] = useState<Translation>(NONE);
  const [unavailableNote, setUnavailableNote] = useState(false);
  const { submit, busy: sending, problems } = useCheckedSave();
  const { save: askPreview, busy: previewing } = useStaffSave();
  const translated = inquiry.lang !== 'it';
  const italian = text.trim();

  /** A missing translation: staff type it themselves, and are told why. */
  const typeItThemselves = (failure: ApiFailure) => {
    if (!unavailable(failure)) return false;
    setUnavailableNote(true);
    setTranslation((shown) => (shown.kind === 'none' ? { kind: 'typed', text: '' } : shown));
    return true;
  };

  function preview() {
    void askPreview((token) => previewReply(token, inquiry.id, italian), {
      then: false,
      onSaved: ({ translation: machine }) => {
        setUnavailableNote(false);
        setTranslation({ kind: 'preview', of: italian, text: machine });
      },
      onFailure: typeItThemselves,
    });
  }

  function problemsOf(): string[] {
    if (!italian) return [T.noText];
    if (!translated) return [];
    if (translation.kind === 'none') return [T.previewFirst];
    if (translation.kind === 'preview' && translation.of !== italian) return [T.stale];
    return translation.text.trim() ? [] : [T.noTranslation];
  }

  const stale = translation.kind === 'preview' && translation.of !== italian;
  return (
    <form
      className="events-office__reply"
      aria-labelledby={`${id}-title`}
      noValidate
      onSubmit={(event) =>
        void submit(
          event,
          problemsOf(),
          (token) =>
            sendReply(
              token,
              inquiry.id,
              translated && translation.kind !== 'none'
                ? { text: italian, translation: translation.text.trim() }
                : { text: italian },
            ),
          {
            success: T.sent(inquiry.name),
            then: false,
            reloadOn: [404],
            onFailure: typeItThemselves,
            onSaved: (changed) => {
              onChanged(changed);
              setText('');
              setTranslation(NONE);
              setUnavailableNote(false);
            },
          },
        )
      }
    >
      <h3 id={`${id}-title`}>{T.replyTitle}</h3>
      <div className="staff-field">
        <label htmlFor={`${id}-text`}>{T.replyLabel}</label>
        <textarea
          id={`${id}-text`}
          rows={6}
          value={text}
          aria-describedby={`${id}-hint`}
          onChange={(event) => setText(event.target.value)}
        />
        <p className="staff-hint" id={`${id}-hint`}>
          {T.replyHint(inquiry.lang)}
        </p>
      </div>
      {translated ? (
        <>
          <button
            type="button"
            className="staff-button staff-button--ghost"
            disabled={previewing || !italian}
            onClick={preview}
          >
            {previewing
              ? T.previewing
              : translation.kind === 'preview'
                ? T.previewAgain
                : T.preview}
          </button>
          {unavailableNote ? (
            <p className="staff-warning" role="alert">
              {T.unavailable(inquiry.lang)}
            </p>
          ) : null}
          {translation.kind === 'none' ? null : (
            <div className="staff-field">
              <label htmlFor={`${id}-translation`}>{T.translationLabel(inquiry.lang)}</label>
              <textarea
                id={`${id}-translation`}
                rows={6}
                lang={inquiry.lang}
                value={translation.text}
                aria-describedby={`${id}-translation-hint`}
                onChange={(event) => {
                  const typed = event.target.value;
                  setTranslation((shown) =>
                    shown.kind === 'none' ? shown : { ...shown, text: typed },
                  );
                }}
              />
              <p className="staff-hint" id={`${id}-translation-hint`}>
                {stale ? T.stale : T.translationHint}
              </p>
            </div>
          )}
        </>
      ) : null}
      <FormProblems title={T.fix} problems={problems} />
      <div className="staff-form__actions">
        <SubmitButton label={T.send} busyLabel={T.sending} busy={sending} />
      </div>
    </form>
  );
}
