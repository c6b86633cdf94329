import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toLang } from '../../../shared/languages.ts';
import { CONTACT_MESSAGE_MAX, contactBody } from '../../../shared/schemas/contact.ts';
import { FullScreenSpinner } from '../../components/spinner.tsx';
import { showToast } from '../../components/toasts.tsx';
import { useRestaurant } from '../../components/use-restaurant.ts';

const EMPTY = { firstName: '', lastName: '', email: '', message: '', website: '' };

/**
 * The contact form: without consent an alert and nothing is sent; while
 * sending the full-screen loader; then a toast and back to the form (cleared
 * after success). Sent to our own server, never to a third-party mail
 * service from the browser; the server stores it before answering and
 * delivers it by e-mail.
 */
export function ContactForm() {
  const { t, i18n } = useTranslation('contact');
  const { privacyPolicyUrl } = useRestaurant();
  const [fields, setFields] = useState(EMPTY);
  const [consent, setConsent] = useState(false);
  const [sending, setSending] = useState(false);

  const update = (name: keyof typeof EMPTY) => (event: { target: { value: string } }) =>
    setFields((current) => ({ ...current, [name]: event.target.value }));

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!consent) {
      window.alert(t('email.policy'));
      return;
    }
    const body = contactBody.safeParse({
      ...fields,
      privacy: true,
      lang: toLang(i18n.language) ?? 'it',
    });
    if (!body.success) {
      console.error('contact form: invalid input', body.error.issues);
      void showToast('error', t('email.failure'));
      return;
    }
    setSending(true);
    try {
      const response = await fetch('/api/contact', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body.data),
      });
      if (!response.ok) throw new Error(`POST /api/contact answered ${response.status}`);
      setFields(EMPTY);
      setConsent(false);
      void showToast('success', t('email.success'));
    } catch (error) {
      console.error(error);
      void showToast('error', t('email.failure'));
    } finally {
      setSending(false);
    }
  }

  return (
    <>
      {sending && <FullScreenSpinner label={t('sending')} />}
      <form
        id="contact-form"
        className="contact-form"
        onSubmit={onSubmit}
        aria-labelledby="contact-form-title"
        hidden={sending}
      >
        <h2 id="contact-form-title">{t('form.title')}</h2>
        <div className="contact-form__row">
          <label>
            {t('form.firstName')}
            <input
              name="firstName"
              autoComplete="given-name"
              required
              maxLength={100}
              value={fields.firstName}
              onChange={update('firstName')}
            />
          </label>
          <label>
            {t('form.lastName')}
            <input
              name="lastName"
              autoComplete="family-name"
              required
              maxLength={100}
              value={fields.lastName}
              onChange={update('lastName')}
            />
          </label>
        </div>
        <label>
          {t('form.email')}
          <input
            name="email"
            type="email"
            autoComplete="email"
            required
            maxLength={254}
            value={fields.email}
            onChange={update('email')}
          />
        </label>
        <label>
          {t('form.message')}
          <textarea
            name="message"
            rows={6}
            required
            maxLength={CONTACT_MESSAGE_MAX}
            value={fields.message}
            onChange={update('message')}
          />
        </label>
        {/* Honeypot: hidden from people (and from assistive technology); robots fill it. */}
        <div className="contact-form__trap" aria-hidden="true">
          <label>
            {t('form.honeypot')}
            <input
              name="website"
              tabIndex={-1}
              autoComplete="off"
              value={fields.website}
              onChange={update('website')}
            />
          </label>
        </div>
        <label className="contact-form__consent">
          <input
            type="checkbox"
            name="privacy"
            checked={consent}
            onChange={(event) => setConsent(event.target.checked)}
          />
          <span>{t('form.consent')}</span>
        </label>
        <a
          className="contact-form__policy"
          href={privacyPolicyUrl}
          target="_blank"
          rel="noopener noreferrer"
        >
          {t('form.policyLink')}
        </a>
        <button className="button" type="submit">
          {t('form.submit')}
        </button>
      </form>
    </>
  );
}
