import { type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ALLERGENS } from '../../../shared/allergens.ts';
import { DATE_LOCALES, type Lang } from '../../../shared/languages.ts';
import { EVENT_AREAS, EVENT_KINDS, EVENT_SERVICES } from '../../../shared/schemas/events.ts';
import { dateText } from '../../components/opening-hours/format.ts';
import { NOTES_MAX } from '../../guest-kit/guest-contact.tsx';
import { usePageLang } from '../../i18n/use-page-lang.ts';
import {
  dateProblem,
  GUESTS_MAX,
  tooManyGuests,
  type EventClosure,
  type EventsPageData,
  type FieldErrors,
  type InquiryField,
  type InquiryValues,
} from './inquiry.ts';

/** The first letter in capitals: the mails' words for services and areas start a sentence's middle. */
const capitalized = (lang: Lang, text: string) =>
  text.charAt(0).toLocaleUpperCase(DATE_LOCALES[lang]) + text.slice(1);

/** A closure's dates in the page's language, with the year when it is not the first day's. */
export function closureDatesText(lang: Lang, closure: EventClosure, firstDay: string): string {
  const day = (date: string) => dateText(lang, date, date.slice(0, 4) !== firstDay.slice(0, 4));
  return closure.from === closure.to
    ? day(closure.from)
    : `${day(closure.from)} – ${day(closure.to)}`;
}

const errorId = (field: InquiryField) => `events-${field}-error`;

/**
 * The request's first card, the event itself: its kind, dates (the
 * closures listed below them), service, guests, area, budget, allergens and
 * dietary notes, each with its error.
 */
export function EventFields({
  data,
  sent,
  values,
  dates,
  onDates,
  errors,
  first,
}: {
  data: EventsPageData;
  sent: InquiryValues | undefined;
  /** The values the messages speak of: the dates as chosen now, the rest as last checked or sent. */
  values: InquiryValues;
  dates: { date: string; altDate: string };
  onDates: (dates: { date: string; altDate: string }) => void;
  errors: FieldErrors;
  /** The field that takes the focus when the server renders the answer (no JavaScript). */
  first: InquiryField | undefined;
}) {
  const { t } = useTranslation('events');
  const { t: mails } = useTranslation('event-mails');
  const { t: menu } = useTranslation('menu');
  const lang = usePageLang();
  /** An input's ties to its hint and its error, and the focus it takes when it is the first to fix. */
  const described = (field: InquiryField, hint?: string) => ({
    id: `events-${field}`,
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby':
      [hint, errors[field] ? errorId(field) : null].filter(Boolean).join(' ') || undefined,
    autoFocus: first === field ? true : undefined,
  });
  const fieldError = (field: InquiryField, message: string) =>
    errors[field] ? (
      <p id={errorId(field)} className="booking-error">
        {message}
      </p>
    ) : null;
  const dateMessage = (field: 'date' | 'altDate') => {
    const problem = dateProblem(data, values[field], field === 'altDate');
    if (problem?.reason === 'past') return t('errors.datePast');
    if (problem?.reason === 'closed') {
      return t('errors.dateClosed', {
        dates: closureDatesText(lang, problem.closure, data.firstDay),
      });
    }
    return t('errors.date');
  };

  return (
    <section className="booking-card" aria-labelledby="events-event-title">
      <h2 id="events-event-title">{t('event.legend')}</h2>

      <Choices
        field="kind"
        legend={t('kind.legend')}
        errors={errors}
        first={first}
        error={fieldError('kind', t('errors.kind'))}
        options={EVENT_KINDS.map((kind) => ({ value: kind, label: t(`kind.${kind}`) }))}
        sent={sent?.kind}
      />

      <div className="events-pair">
        <div className="booking-field">
          <label htmlFor="events-date">{t('date.date')}</label>
          <input
            {...described('date', 'events-dates-hint')}
            name="date"
            type="date"
            required
            min={data.firstDay}
            value={dates.date}
            onChange={(event) => onDates({ ...dates, date: event.target.value })}
          />
          {fieldError('date', dateMessage('date'))}
        </div>
        <div className="booking-field">
          <label htmlFor="events-altDate">{t('date.altDate')}</label>
          <input
            {...described('altDate', 'events-dates-hint')}
            name="altDate"
            type="date"
            min={data.firstDay}
            value={dates.altDate}
            onChange={(event) => onDates({ ...dates, altDate: event.target.value })}
          />
          {fieldError('altDate', dateMessage('altDate'))}
        </div>
      </div>
      <div id="events-dates-hint" className="booking-hint events-closures">
        <p>{t('date.restDay')}</p>
        {data.closures.length > 0 && (
          <>
            <p>{t('date.closures')}</p>
            <ul>
              {data.closures.map((closure) => {
                const when = closureDatesText(lang, closure, data.firstDay);
                return (
                  <li key={closure.from}>
                    {closure.note
                      ? t('date.closureNote', { dates: when, note: closure.note })
                      : when}
                  </li>
                );
              })}
            </ul>
          </>
        )}
      </div>

      <Choices
        field="service"
        legend={t('service.legend')}
        errors={errors}
        first={first}
        error={fieldError('service', t('errors.service'))}
        options={EVENT_SERVICES.map((service) => ({
          value: service,
          label: mails(`service.${service}`),
        }))}
        sent={sent?.service}
      />

      <div className="events-pair">
        <div className="booking-field">
          <label htmlFor="events-adults">{t('guests.adults')}</label>
          <input
            {...described('adults', 'events-guests-hint')}
            name="adults"
            type="number"
            inputMode="numeric"
            required
            min={1}
            max={GUESTS_MAX}
            defaultValue={sent?.adults}
          />
          {fieldError(
            'adults',
            tooManyGuests(values) ? t('errors.tooMany', { max: GUESTS_MAX }) : t('errors.adults'),
          )}
        </div>
        <div className="booking-field">
          <label htmlFor="events-children">{t('guests.children')}</label>
          <input
            {...described('children', 'events-guests-hint')}
            name="children"
            type="number"
            inputMode="numeric"
            required
            min={0}
            max={GUESTS_MAX}
            defaultValue={sent?.children ?? '0'}
          />
          {fieldError('children', t('errors.children'))}
        </div>
      </div>
      <p id="events-guests-hint" className="booking-hint">
        {t('guests.hint', { max: GUESTS_MAX })}
      </p>

      <Choices
        field="area"
        legend={t('area.legend')}
        errors={errors}
        first={first}
        error={fieldError('area', t('errors.area'))}
        options={EVENT_AREAS.map((area) => ({
          value: area,
          label: capitalized(lang, mails(`area.${area}`)),
        }))}
        sent={sent?.area}
      />

      <div className="booking-field">
        <label htmlFor="events-budgetPerPerson">{t('budget.label')}</label>
        <input
          {...described('budgetPerPerson', 'events-budget-hint')}
          name="budgetPerPerson"
          inputMode="decimal"
          autoComplete="off"
          maxLength={9}
          defaultValue={sent?.budgetPerPerson}
        />
        <p id="events-budget-hint" className="booking-hint">
          {t('budget.hint')}
        </p>
        {fieldError('budgetPerPerson', t('errors.budget'))}
      </div>

      <fieldset
        className="events-choices"
        aria-describedby={
          ['events-allergens-hint', errors.allergens ? errorId('allergens') : null]
            .filter(Boolean)
            .join(' ') || undefined
        }
      >
        <legend>{t('allergens.legend')}</legend>
        <p id="events-allergens-hint" className="booking-hint">
          {t('allergens.hint')}
        </p>
        <div className="events-options">
          {ALLERGENS.map((code, index) => (
            <label key={code} className="events-option">
              <input
                type="checkbox"
                name="allergens"
                value={code}
                aria-invalid={errors.allergens ? true : undefined}
                autoFocus={first === 'allergens' && index === 0 ? true : undefined}
                defaultChecked={sent?.allergens.includes(code)}
              />
              <span>{menu(`allergen.${code}.name`)}</span>
            </label>
          ))}
        </div>
        {fieldError('allergens', t('errors.allergens'))}
      </fieldset>

      <div className="booking-field">
        <label htmlFor="events-dietaryNotes">{t('dietaryNotes.label')}</label>
        <textarea
          {...described('dietaryNotes', 'events-dietaryNotes-hint')}
          name="dietaryNotes"
          rows={3}
          maxLength={NOTES_MAX}
          defaultValue={sent?.dietaryNotes}
        />
        <p id="events-dietaryNotes-hint" className="booking-hint">
          {t('dietaryNotes.hint')}
        </p>
        {fieldError('dietaryNotes', t('errors.dietaryNotes', { max: NOTES_MAX }))}
      </div>
    </section>
  );
}

/** One choice among a few (kind, service, area): radio buttons in a fieldset, its error below. */
function Choices({
  field,
  legend,
  options,
  sent,
  errors,
  first,
  error,
}: {
  field: 'kind' | 'service' | 'area';
  legend: string;
  options: { value: string; label: string }[];
  sent: string | undefined;
  errors: FieldErrors;
  first: InquiryField | undefined;
  error: ReactNode;
}) {
  return (
    <fieldset
      className="events-choices"
      aria-describedby={errors[field] ? errorId(field) : undefined}
    >
      <legend>{legend}</legend>
      <div className="events-options">
        {options.map(({ value, label }, index) => (
          <label key={value} className="events-option">
            <input
              type="radio"
              name={field}
              value={value}
              required
              aria-invalid={errors[field] ? true : undefined}
              autoFocus={first === field && index === 0 ? true : undefined}
              defaultChecked={sent === value}
            />
            <span>{label}</span>
          </label>
        ))}
      </div>
      {error}
    </fieldset>
  );
}
