import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { telHref } from '../../shared/languages.ts';
import { useRestaurant } from '../components/use-restaurant.ts';
import { useHydrated } from './use-slots.ts';

/**
 * A guest's contact fields, as the public forms that take them (a booking,
 * a takeaway order, an event's request) show and check them, and the alert that tells such a
 * form's refusal. No zod here: this module is in the
 * public pages' bundle, and the server checks everything again with the
 * shared schema (`guestContactFields`).
 */

/** The guest pages whose forms take a guest's contact (each has `details.*`, `errors.*` and `call`). */
export type GuestFormNamespace = 'reservations' | 'takeaway' | 'events';

/** The longest notes the server takes (GUEST_NOTES_MAX, checked by booking.test.ts). */
export const NOTES_MAX = 500;
export const NAME_MAX = 100;
export const EMAIL_MAX = 254;
export const PHONE_MAX = 30;

/** The contact fields in the order the form shows them (the first to fix gets the focus). */
export const GUEST_CONTACT_FIELDS = ['name', 'email', 'phone', 'notes', 'privacy'] as const;
export type GuestContactField = (typeof GUEST_CONTACT_FIELDS)[number];

/** The contact fields of a guest's form, as the guest typed them. */
export interface GuestContact {
  name: string;
  email: string;
  phone: string;
  notes: string;
  privacy: boolean;
}

/** The contact fields of a form that sent nothing readable. */
export const NO_CONTACT: GuestContact = {
  name: '',
  email: '',
  phone: '',
  notes: '',
  privacy: false,
};

const PHONE = /^\+?[\d\s\-.()/]+$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The browser's own checks of a guest's contact fields before a form
 * leaves: what a guest can get wrong by typing. They only spare a round
 * trip; the server decides.
 */
export function checkGuestContact(values: GuestContact): Partial<Record<GuestContactField, true>> {
  const errors: Partial<Record<GuestContactField, true>> = {};
  const name = values.name.trim();
  if (name === '' || name.length > NAME_MAX) errors.name = true;
  const email = values.email.trim();
  if (!EMAIL.test(email) || email.length > EMAIL_MAX) errors.email = true;
  const phone = values.phone.trim();
  const digits = phone.replace(/\D/g, '').length;
  if (!PHONE.test(phone) || phone.length > PHONE_MAX || digits < 6 || digits > 20) {
    errors.phone = true;
  }
  if (values.notes.trim().length > NOTES_MAX) errors.notes = true;
  if (!values.privacy) errors.privacy = true;
  return errors;
}

/**
 * The contact fields of a guest's POST form: name, e-mail, phone, notes,
 * the honeypot and the consent with the policy's link, each with its error.
 * Each page keeps its own words (`details.*` and `errors.*` of its
 * namespace) and its own ids (`<idPrefix>-name`, `<idPrefix>-name-error`).
 */
export function GuestContactFields({
  namespace,
  idPrefix,
  sent,
  errors,
  autoFocus,
}: {
  namespace: GuestFormNamespace;
  idPrefix: string;
  /** What the guest sent, shown again with the server's answer. */
  sent: GuestContact | undefined;
  errors: Partial<Record<GuestContactField, true>>;
  /** The field the browser focuses when the server renders the answer (no JavaScript). */
  autoFocus: GuestContactField | undefined;
}) {
  const { t } = useTranslation(namespace);
  const { privacyPolicyUrl } = useRestaurant();
  const { t: common } = useTranslation();
  const notesHintId = `${idPrefix}-notes-hint`;
  const errorId = (field: GuestContactField) => `${idPrefix}-${field}-error`;
  const invalid = (field: GuestContactField) => ({
    id: `${idPrefix}-${field}`,
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby':
      [field === 'notes' ? notesHintId : null, errors[field] ? errorId(field) : null]
        .filter(Boolean)
        .join(' ') || undefined,
    autoFocus: autoFocus === field ? true : undefined,
  });
  const fieldError = (field: GuestContactField, message: string) =>
    errors[field] ? (
      <p id={errorId(field)} className="booking-error">
        {message}
      </p>
    ) : null;

  return (
    <>
      <div className="booking-field">
        <label htmlFor={`${idPrefix}-name`}>{t('details.name')}</label>
        <input
          {...invalid('name')}
          name="name"
          autoComplete="name"
          required
          maxLength={NAME_MAX}
          defaultValue={sent?.name}
        />
        {fieldError('name', t('errors.name'))}
      </div>
      <div className="booking-field">
        <label htmlFor={`${idPrefix}-email`}>{t('details.email')}</label>
        <input
          {...invalid('email')}
          name="email"
          type="email"
          autoComplete="email"
          required
          maxLength={EMAIL_MAX}
          defaultValue={sent?.email}
        />
        {fieldError('email', t('errors.email'))}
      </div>
      <div className="booking-field">
        <label htmlFor={`${idPrefix}-phone`}>{t('details.phone')}</label>
        <input
          {...invalid('phone')}
          name="phone"
          type="tel"
          autoComplete="tel"
          required
          maxLength={PHONE_MAX}
          defaultValue={sent?.phone}
        />
        {fieldError('phone', t('errors.phone'))}
      </div>
      <div className="booking-field">
        <label htmlFor={`${idPrefix}-notes`}>{t('details.notes')}</label>
        <textarea
          {...invalid('notes')}
          name="notes"
          rows={3}
          maxLength={NOTES_MAX}
          defaultValue={sent?.notes}
        />
        <p id={notesHintId} className="booking-hint">
          {t('details.notesHint')}
        </p>
        {fieldError('notes', t('errors.notes', { max: NOTES_MAX }))}
      </div>
      {/* Honeypot: hidden from people (and from assistive technology); robots fill it. */}
      <div className="booking-trap" aria-hidden="true">
        <label>
          {t('details.honeypot')}
          <input name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>
      <div className="booking-field">
        <label className="booking-consent">
          <input
            {...invalid('privacy')}
            type="checkbox"
            name="privacy"
            required
            defaultChecked={sent?.privacy}
          />
          <span>{t('details.consent')}</span>
        </label>
        <a href={privacyPolicyUrl} target="_blank" rel="noopener noreferrer">
          {t('details.policyLink')}
        </a>
        {' · '}
        {/* In plain words: what the restaurant keeps, for how long (the page /privacy). */}
        <Link to="/privacy">{common('footer.whatWeKeep')}</Link>
        {fieldError('privacy', t('errors.privacy'))}
      </div>
    </>
  );
}

/**
 * Why the server refused a guest's form, above its button (`errors.title`
 * of the page's namespace, then `message`), with the restaurant's phone when
 * calling is the way on (`call`).
 */
export function RefusalAlert({
  namespace,
  id,
  message,
  offerCall,
  focus = false,
}: {
  namespace: GuestFormNamespace;
  id: string;
  message: string;
  offerCall: boolean;
  /** Given the focus when the server renders it (no JavaScript). */
  focus?: boolean;
}) {
  const { t } = useTranslation(namespace);
  const { phones } = useRestaurant();
  return (
    <div
      id={id}
      className="booking-alert"
      role="alert"
      tabIndex={-1}
      autoFocus={focus || undefined}
    >
      <p>
        <strong>{t('errors.title')}</strong>
      </p>
      <p>{message}</p>
      {offerCall && <a href={telHref(phones.mobile)}>{t('call', { phone: phones.mobile })}</a>}
    </div>
  );
}

/** The ids of each page's fields and alert (`<prefix>-name`, `<prefix>-alert`). */
const ID_PREFIX: Record<GuestFormNamespace, string> = {
  reservations: 'booking',
  takeaway: 'takeaway',
  events: 'events',
};

const isContactField = (field: string | undefined): field is GuestContactField =>
  (GUEST_CONTACT_FIELDS as readonly (string | undefined)[]).includes(field);

/**
 * The end of a guest's form: the contact fields (the first to fix takes the
 * browser's focus when the server renders the answer), the refusal's alert
 * (given the focus then with `focusAlert`), what the page shows before the
 * button (`children`), and the button, busy while the form is on its way.
 */
export function ContactAndSend({
  namespace,
  form,
  refusal,
  focusAlert = false,
  children,
}: {
  namespace: GuestFormNamespace;
  /** The form's state (useGuestForm). */
  form: {
    sent: GuestContact | undefined;
    errors: Partial<Record<GuestContactField, true>>;
    first: string | undefined;
    sending: boolean;
  };
  refusal: { message: string | null; offerCall: boolean };
  focusAlert?: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation(namespace);
  const hydrated = useHydrated();
  const idPrefix = ID_PREFIX[namespace];
  return (
    <>
      <GuestContactFields
        namespace={namespace}
        idPrefix={idPrefix}
        sent={form.sent}
        errors={form.errors}
        autoFocus={!hydrated && isContactField(form.first) ? form.first : undefined}
      />
      {refusal.message && (
        <RefusalAlert
          namespace={namespace}
          id={`${idPrefix}-alert`}
          message={refusal.message}
          offerCall={refusal.offerCall}
          focus={focusAlert}
        />
      )}
      {children}
      <button className="button" type="submit" disabled={form.sending}>
        {form.sending && <span className="spinner spinner--small" aria-hidden />}
        {form.sending ? t('details.sending') : t('details.submit')}
      </button>
    </>
  );
}
