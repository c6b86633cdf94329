import { useEffect, useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { photoSlotDesign, type PhotoSlot } from '../../../shared/photo-slots.ts';
import {
  PHOTO_ALT_MAX,
  PHOTO_MAX_BYTES,
  PHOTO_UPLOAD_TYPES,
  photoAlt,
  type PhotoFocus,
  type PhotoPatch,
  type PhotoView,
} from '../../../shared/schemas/photos.ts';
import { isRecord, type ApiFailure, type ApiResult } from '../../api/client.ts';
import { refusalsOf } from '../../api/errors.ts';
import { ConfirmedAction } from '../../components/confirmed-action.tsx';
import { FormProblems } from '../../components/form-problems.tsx';
import { showToast } from '../../components/toasts.tsx';
import { fieldProblemsOf, issuesOf, SaveBar, useDraft, useStaffSave } from '../../staff/index.ts';
import { FocusPicker, objectPosition } from './focus-picker.tsx';
import { PhotoPicture } from './photo-picture.tsx';
import { patchPhoto, resetPhoto, uploadPhoto } from './photos-api.ts';
import { PHOTOS_TEXTS as T } from './photos-texts.ts';

/** What the form changes of the photo in the slot. */
interface Draft {
  alt: string;
  focus: PhotoFocus;
}

const draftOf = (photo: PhotoView): Draft => ({ alt: photo.alt, focus: photo.focus });

const sameFocus = (a: PhotoFocus, b: PhotoFocus) => a.x === b.x && a.y === b.y;

/**
 * The types the site takes. The file input asks only for these, so an
 * iPhone converts its HEIC photos to JPEG before handing them over; a file
 * of another type may still come (from a computer, or a file manager), and
 * the server's image library could not read a HEIC anyway.
 */
const ACCEPTED: readonly string[] = PHOTO_UPLOAD_TYPES;

/** What is wrong with a chosen file before it is sent, if anything. */
function fileProblem(file: File): string | null {
  if (!ACCEPTED.includes(file.type)) return T.heic;
  if (file.size > PHOTO_MAX_BYTES) return T.tooLarge;
  return null;
}

/**
 * The server's refusal of a photo, in its own Italian words (a file it
 * cannot read, a picture too big), to show in the form; null for the
 * failures the generic handler reports (a session gone, no answer).
 */
function refusalOf(failure: ApiFailure): string[] | null {
  if (failure.kind !== 'http') return null;
  if (failure.status === 413) return [T.tooLarge];
  if (failure.status !== 400 && failure.status !== 415) return null;
  const refusals = refusalsOf(failure).map((refusal) => refusal.description);
  if (refusals.length > 0) return refusals;
  const fields = fieldProblemsOf(failure);
  if (fields) return Object.values(fields).flat();
  const message = isRecord(failure.body) ? failure.body.message : undefined;
  return typeof message === 'string' && message.trim() !== '' ? [message] : [T.heic];
}

/** An object URL for the chosen file, revoked when another is chosen or the form closes. */
function usePreviewUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const created = URL.createObjectURL(file);
    setUrl(created);
    return () => URL.revokeObjectURL(created);
  }, [file]);
  return url;
}

/**
 * One slot's form: choose or take a photo, see the crop the site will show,
 * set its focal point and its Italian alt text, save; "Ripristina" brings
 * back the site's own picture. A saved photo's alt text and focus change
 * without sending the photo again.
 */
export function PhotoEditor({
  slot,
  photo,
  label,
}: {
  slot: PhotoSlot;
  photo: PhotoView;
  label: string;
}) {
  const id = useId();
  const { save, busy } = useStaffSave();
  const { draft, setDraft, dirty, keep } = useDraft(photo, draftOf);
  const [file, setFile] = useState<File | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const previewUrl = usePreviewUrl(file);
  const { aspect } = photoSlotDesign(slot);

  function onChoose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0] ?? null;
    if (!chosen) return;
    const problem = fileProblem(chosen);
    setProblems(problem ? [problem] : []);
    if (problem) {
      // Left chosen, the input would name a file that is not the one to send.
      event.target.value = '';
      return;
    }
    setFile(chosen);
    // A new photo's subject is where it is: start from its centre.
    setDraft((current) => ({ ...current, focus: { x: 0.5, y: 0.5 } }));
  }

  /** The upload, then its focus when it is not the centre the server starts from. */
  async function upload(token: string, chosen: File): Promise<ApiResult<PhotoView>> {
    const uploaded = await uploadPhoto(token, slot, chosen, draft.alt.trim());
    if (!uploaded.ok || sameFocus(uploaded.data.focus, draft.focus)) return uploaded;
    return patchPhoto(token, slot, { focus: draft.focus });
  }

  /** What changed of a saved photo. */
  function changes(): PhotoPatch {
    const patch: PhotoPatch = {};
    if (draft.alt.trim() !== photo.alt) patch.alt = draft.alt.trim();
    if (!sameFocus(draft.focus, photo.focus)) patch.focus = draft.focus;
    return patch;
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const found = issuesOf(photoAlt.safeParse(draft.alt));
    if (!file && !photo.custom) found.unshift(T.chooseFirst);
    setProblems(found);
    if (found.length > 0) return;
    const patch = changes();
    if (!file && Object.keys(patch).length === 0) {
      void showToast('info', T.nothingChanged);
      return;
    }
    await save((token) => (file ? upload(token, file) : patchPhoto(token, slot, patch)), {
      success: T.saved,
      onSaved: (saved) => {
        keep(saved);
        setFile(null);
      },
      onFailure: (failure) => {
        const refused = refusalOf(failure);
        if (refused) setProblems(refused);
        return refused !== null;
      },
    });
  }

  async function onReset() {
    await save((token) => resetPhoto(token, slot), {
      success: T.resetDone,
      onSaved: () => {
        setFile(null);
        setProblems([]);
      },
    });
  }

  const style = { objectPosition: objectPosition(draft.focus) };
  const picture = (className: string, sizes: string) =>
    previewUrl ? (
      <img src={previewUrl} alt="" className={className} style={style} draggable={false} />
    ) : file ? null : (
      <PhotoPicture photo={photo} sizes={sizes} className={className} style={style} />
    );

  return (
    <form
      className="staff-form photo-editor"
      onSubmit={onSubmit}
      aria-busy={busy}
      aria-labelledby={`${id}-title`}
      noValidate
    >
      <h2 id={`${id}-title`} className="staff-panel__subtitle">
        {label}{' '}
        <span className={`staff-badge${photo.custom ? ' staff-badge--accepted' : ''}`}>
          {photo.custom ? T.custom : T.default}
        </span>
      </h2>
      <div className="staff-field">
        <label htmlFor={`${id}-file`}>{T.choose}</label>
        <input
          id={`${id}-file`}
          type="file"
          accept={ACCEPTED.join(',')}
          aria-describedby={`${id}-file-hint`}
          onChange={onChoose}
        />
        <p className="staff-hint" id={`${id}-file-hint`}>
          {file ? T.chosen(file.name) : T.chooseHint}
        </p>
      </div>
      <div className="photo-editor__preview">
        <p className="photo-editor__preview-title">{T.previewTitle}</p>
        <div className="photo-editor__crop" style={{ aspectRatio: String(aspect) }}>
          {picture('photo-editor__crop-image', '(min-width: 600px) 560px, 100vw')}
        </div>
        <p className="staff-hint">{T.cropHint}</p>
      </div>
      <FocusPicker
        focus={draft.focus}
        onChange={(focus) => setDraft((current) => ({ ...current, focus }))}
        picture={picture('photo-focus__image', '(min-width: 600px) 560px, 100vw')}
      />
      <div className="staff-field">
        <label htmlFor={`${id}-alt`}>{T.alt}</label>
        <input
          id={`${id}-alt`}
          type="text"
          maxLength={PHOTO_ALT_MAX}
          required
          value={draft.alt}
          aria-describedby={`${id}-alt-hint`}
          onChange={(event) => setDraft((current) => ({ ...current, alt: event.target.value }))}
        />
        <p className="staff-hint" id={`${id}-alt-hint`}>
          {T.altHint}
        </p>
      </div>
      <FormProblems title={T.refused} problems={problems} />
      <SaveBar
        label={T.save}
        savingLabel={T.saving}
        saving={busy}
        unsaved={dirty || file !== null}
        unsavedNote={T.unsaved}
      >
        {photo.custom ? (
          <ConfirmedAction label={T.reset} question={T.resetQuestion} onConfirm={onReset} danger />
        ) : null}
      </SaveBar>
    </form>
  );
}
