import type { TFunction } from 'i18next';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Link, useNavigation } from 'react-router';
import { ALLERGENS } from '../../../shared/allergens.ts';
import { DATE_LOCALES, telHref, type Lang } from '../../../shared/languages.ts';
import { EVENT_AREAS, EVENT_KINDS, EVENT_SERVICES } from '../../../shared/schemas/events.ts';
import { dateText } from '../../components/opening-hours/format.ts';
import {
  GUEST_CONTACT_FIELDS,
  GuestContactFields,
  NOTES_MAX,
  RefusalAlert,
  type GuestContactField,
} from '../../guest-kit/guest-contact.tsx';
import { useRestaurant } from '../../components/use-restaurant.ts';
import { useHydrated } from '../../guest-kit/use-slots.ts';
import { usePageLang } from '../../i18n/use-page-lang.ts';
import {
  checkInquiry,
  dateProblem,
  GUESTS_MAX,
  INQUIRY_FIELDS,
  inquiryFromForm,
  NOTHING_SENT,
  refusedFieldsOf,
  tooManyGuests,
  type EventClosure,
  type EventsPageData,
  type FieldErrors,
  type InquiryField,
  type InquiryResult,
  type InquiryValues,
} from './inquiry.ts';

/**
 * /events: the guest asks for an event (a baptism, a wedding…) in one POST
 * form to the page's action, which works without JavaScript. With it the
 * page's own checks speak before the server's, and a date inside a closure
 * is refused as soon as it is chosen.
 */
export function EventsPage({
  data,
  result,
}: {
  data: EventsPageData;
  result: InquiryResult | undefined;
}) {
  const { t } = useTranslation('events');
  return (
    <main id="main" className="page booking-page events-page">
      <header className="booking-intro">
        <h1>{t('title')}</h1>
        {!result?.outcome.ok && <p>{t('intro')}</p>}
      </header>
      {result?.outcome.ok ? (
        <InquiryDone values={result.values} />
      ) : (
        <InquiryForm data={data} result={result} />
      )}
    </main>
  );
}

function InquiryDone({ values }: { values: InquiryValues }) {
  const { t } = useTranslation('events');
  const { phones } = useRestaurant();
  const heading = useRef<HTMLHeadingElement>(null);
  // A request sent from this page replaced its form: the guest's focus goes to what happened.
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="booking-card booking-done" aria-labelledby="events-done-title">
      {/* Without JavaScript the browser gives the focus (autofocus); with it, the effect above. */}
      <h2 id="events-done-title" tabIndex={-1} ref={heading} autoFocus>
        {t('done.title')}
      </h2>
      <p>{t('done.received', { name: values.name.trim() })}</p>
      <p>{t('done.mail')}</p>
      <p>{t('done.reply')}</p>
      <p>{t('done.call')}</p>
      <a className="button" href={telHref(phones.mobile)}>
        {t('call', { phone: phones.mobile })}
      </a>
      <Link to="/events" className="button button--ghost">
        {t('done.another')}
      </Link>
    </section>
  );
}

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

const isContactField = (field: InquiryField | undefined): field is GuestContactField =>
  (GUEST_CONTACT_FIELDS as readonly (InquiryField | undefined)[]).includes(field);

function InquiryForm({ data, result }: { data: EventsPageData; result?: InquiryResult }) {
  const { t } = useTranslation('events');
  const { t: mails } = useTranslation('event-mails');
  const { t: menu } = useTranslation('menu');
  const lang = usePageLang();
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const sending = navigation.state !== 'idle' && navigation.formMethod?.toUpperCase() === 'POST';
  const form = useRef<HTMLFormElement>(null);
  const sent = result?.values;
  const [dates, setDates] = useState({ date: sent?.date ?? '', altDate: sent?.altDate ?? '' });
  const [checked, setChecked] = useState<{
    errors: FieldErrors;
    values: InquiryValues;
    round: number;
  } | null>(null);
  // Fields changed since the server's answer: their refusal no longer applies.
  const [edited, setEdited] = useState<{ result?: InquiryResult; fields: Set<string> }>({
    fields: new Set(),
  });

  const refused = result ? refusedFieldsOf(result.outcome) : { fields: {}, other: false };
  const editedNow = edited.result === result ? edited.fields : new Set<string>();
  const errors: FieldErrors = checked
    ? { ...checked.errors }
    : Object.fromEntries(Object.entries(refused.fields).filter(([field]) => !editedNow.has(field)));
  // A date the restaurant cannot take is told as soon as it is chosen, not at the button.
  for (const field of ['date', 'altDate'] as const) {
    const problem = dates[field] === '' ? null : dateProblem(data, dates[field]);
    if (problem && problem.reason !== 'missing') errors[field] = true;
  }
  const general = result ? generalRefusal(t, result.outcome, refused.other) : null;
  const code = result && !result.outcome.ok ? result.outcome.code : null;

  // After an answer or a blocked press, the focus goes to the first thing to fix
  // (once: not again when the form comes back with an older answer).
  const round = checked?.round;
  const focusedFor = useRef({ result, round });
  useEffect(() => {
    if (focusedFor.current.result === result && focusedFor.current.round === round) return;
    focusedFor.current = { result, round };
    const target =
      form.current?.querySelector<HTMLElement>('[aria-invalid="true"]') ??
      form.current?.querySelector<HTMLElement>('#events-alert');
    target?.focus();
  }, [result, round]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const { values } = inquiryFromForm(new FormData(event.currentTarget));
    const found = checkInquiry(data, values);
    if (Object.keys(found).length > 0) {
      event.preventDefault();
      setChecked({ errors: found, values, round: (checked?.round ?? 0) + 1 });
    } else {
      setChecked(null);
    }
  }

  function onEdit(name: string) {
    if (checked?.errors[name as InquiryField]) {
      const rest = { ...checked.errors };
      delete rest[name as InquiryField];
      setChecked({ ...checked, errors: rest });
    }
    setEdited({ result, fields: new Set(editedNow).add(name) });
  }

  /** The first field to fix gets the browser's focus when the server renders the answer (no JavaScript). */
  const first = hydrated ? undefined : INQUIRY_FIELDS.find((field) => errors[field]);
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
  // The values the messages speak of: the dates as chosen now, the rest as last checked or sent.
  const values = { ...(checked?.values ?? sent ?? NOTHING_SENT), ...dates };
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
    <Form
      method="post"
      ref={form}
      className="events-form"
      noValidate={hydrated}
      aria-busy={sending || undefined}
      onSubmit={onSubmit}
      onChange={(event) =>
        onEdit((event.nativeEvent.target as HTMLInputElement | null)?.name ?? '')
      }
    >
      <input type="hidden" name="lang" value={lang} />
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
              onChange={(event) => setDates({ ...dates, date: event.target.value })}
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
              onChange={(event) => setDates({ ...dates, altDate: event.target.value })}
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

      <section className="booking-card" aria-labelledby="events-details-title">
        <h2 id="events-details-title">{t('details.legend')}</h2>
        <GuestContactFields
          namespace="events"
          idPrefix="events"
          sent={sent}
          errors={errors}
          autoFocus={isContactField(first) ? first : undefined}
        />
        {general && (
          <RefusalAlert
            namespace="events"
            id="events-alert"
            message={general}
            offerCall={code === 'rate-limited' || code === 'too-many-pending' || code === 'failed'}
          />
        )}
        <button className="button" type="submit" disabled={sending}>
          {sending && <span className="spinner spinner--small" aria-hidden />}
          {sending ? t('details.sending') : t('details.submit')}
        </button>
      </section>
    </Form>
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

/**
 * What a refusal says above the button (a field's refusal is told beside
 * it): `other` when the server refused something the form has no field for.
 */
function generalRefusal(
  t: TFunction<'events'>,
  outcome: InquiryResult['outcome'],
  other: boolean,
): string | null {
  if (outcome.ok) return null;
  switch (outcome.code) {
    case 'rate-limited':
      return t('errors.rateLimited');
    case 'too-many-pending':
      return t('errors.tooManyPending');
    case 'failed':
      return t('errors.failed');
    case 'invalid':
      return other ? t('errors.invalid') : null;
  }
}
