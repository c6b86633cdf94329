import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form } from 'react-router';
import { ContactAndSend } from '../../guest-kit/guest-contact.tsx';
import { refusedFields } from '../../guest-kit/guest-form.ts';
import { refusalShown } from '../../guest-kit/guest-refusals.ts';
import { useGuestForm } from '../../guest-kit/use-guest-form.ts';
import { useHydrated } from '../../guest-kit/use-slots.ts';
import { usePageLang } from '../../i18n/use-page-lang.ts';
import { EventFields } from './event-fields.tsx';
import {
  checkInquiry,
  dateProblem,
  INQUIRY_FIELDS,
  inquiryFromForm,
  NOTHING_SENT,
  type EventsPageData,
  type FieldErrors,
  type InquiryResult,
} from './inquiry.ts';

/**
 * The request form: one POST to the page's action, which works without
 * JavaScript. With it the page's own checks speak before the server's, and
 * a date inside a closure is refused as soon as it is chosen.
 */
export function InquiryForm({ data, result }: { data: EventsPageData; result?: InquiryResult }) {
  const { t } = useTranslation('events');
  const lang = usePageLang();
  const hydrated = useHydrated();
  const sent = result?.values;
  const [dates, setDates] = useState({ date: sent?.date ?? '', altDate: sent?.altDate ?? '' });
  const refused = result
    ? refusedFields(result.outcome, INQUIRY_FIELDS)
    : { fields: {}, other: false };
  // A date the restaurant cannot take is told as soon as it is chosen, not at the button.
  const marked: FieldErrors = {};
  for (const field of ['date', 'altDate'] as const) {
    const problem = dates[field] === '' ? null : dateProblem(data, dates[field]);
    if (problem && problem.reason !== 'missing') marked[field] = true;
  }
  const form = useGuestForm({
    result,
    fields: INQUIRY_FIELDS,
    refused: refused.fields,
    marked,
    check: (form) => {
      const { values } = inquiryFromForm(form);
      return { errors: checkInquiry(data, values), values };
    },
    alertId: 'events-alert',
  });
  const { errors, checkedValues } = form;
  const refusal = eventsRefusal(t, result, refused.other);
  /** The field that takes the browser's focus when the server renders the answer (no JavaScript). */
  const first = hydrated ? undefined : form.first;
  return (
    <Form method="post" {...form.formProps(hydrated)} className="events-form">
      <input type="hidden" name="lang" value={lang} />
      <EventFields
        data={data}
        sent={sent}
        values={{ ...(checkedValues ?? sent ?? NOTHING_SENT), ...dates }}
        dates={dates}
        onDates={setDates}
        errors={errors}
        first={first}
      />

      <section className="booking-card" aria-labelledby="events-details-title">
        <h2 id="events-details-title">{t('details.legend')}</h2>
        <ContactAndSend namespace="events" form={form} refusal={refusal} />
      </section>
    </Form>
  );
}

/**
 * What a request's refusal says above the button (a field's refusal is told
 * beside it, unless `other`: the server refused something the form has no
 * field for), and whether it offers a call.
 */
function eventsRefusal(t: TFunction<'events'>, result: InquiryResult | undefined, other: boolean) {
  return refusalShown(result?.outcome, other, {
    texts: {
      'rate-limited': t('errors.rateLimited'),
      'too-many-pending': t('errors.tooManyPending'),
      failed: t('errors.failed'),
      invalid: t('errors.invalid'),
    },
    toldBeside: ['invalid'],
    callOn: ['rate-limited', 'too-many-pending', 'failed'],
  });
}
