import { useId } from 'react';

/** The owner's words for review requests (Italian, like every staff text). */
export const REVIEW_TEXTS = {
  legend: 'Richieste di recensione',
  enabled: 'Invia una richiesta di recensione la mattina dopo la visita',
  enabledHint:
    'Dalle 9 del mattino dopo, solo a chi è stato al tavolo (o ha ritirato l’ordine da asporto), al massimo una volta ogni 180 giorni, nella sua lingua e con un link per non riceverne più.',
  url: 'Link per le recensioni (https)',
  urlHint:
    'Il link di Google: nel Profilo dell’attività su Google scegli «Chiedi recensioni» («Ask for reviews») e copia il link, che ha la forma https://g.page/r/…/review.',
};

/** Which of the form's problems (by the schema's path, `reviews.url`…) are this group's. */
export const isReviewsField = (field: string) =>
  field === 'reviews' || field.startsWith('reviews.');

/**
 * The group "Richieste di recensione" of the reservation settings: the
 * switch, the owner's https review address with where to find Google's, and
 * the server's (or the same schema's) Italian messages under the field.
 */
export function ReviewRequestsField({
  enabled,
  url,
  problems,
  onChange,
}: {
  enabled: boolean;
  url: string;
  /** The group's messages (the link's: missing while on, not https). */
  problems: readonly string[];
  onChange: (change: { reviewsEnabled?: boolean; reviewsUrl?: string }) => void;
}) {
  const id = useId();
  const invalid = problems.length > 0;
  return (
    <fieldset className="staff-field staff-field--wide bookings__reviews">
      <legend>{REVIEW_TEXTS.legend}</legend>
      <label className="staff-switch">
        <input
          type="checkbox"
          role="switch"
          checked={enabled}
          aria-describedby={`${id}-enabled-hint`}
          onChange={(event) => onChange({ reviewsEnabled: event.target.checked })}
        />
        {REVIEW_TEXTS.enabled}
      </label>
      <p className="staff-hint" id={`${id}-enabled-hint`}>
        {REVIEW_TEXTS.enabledHint}
      </p>
      <label htmlFor={`${id}-url`}>{REVIEW_TEXTS.url}</label>
      <input
        id={`${id}-url`}
        type="url"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        placeholder="https://g.page/r/…/review"
        value={url}
        required={enabled}
        aria-invalid={invalid || undefined}
        aria-describedby={`${id}-url-hint${invalid ? ` ${id}-url-problems` : ''}`}
        onChange={(event) => onChange({ reviewsUrl: event.target.value })}
      />
      {invalid ? (
        <ul className="bookings__field-problems" id={`${id}-url-problems`}>
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      ) : null}
      <p className="staff-hint" id={`${id}-url-hint`}>
        {REVIEW_TEXTS.urlHint}
      </p>
    </fieldset>
  );
}
