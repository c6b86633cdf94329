import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { dayAndDateText, timeText } from '../../components/opening-hours/format.ts';
import { usePageLang } from '../../i18n/use-page-lang.ts';
import { ContactAndSend } from '../../guest-kit/guest-contact.tsx';
import { DetailsCardForm, SlotSelect } from '../../guest-kit/guest-page-parts.tsx';
import { refusalShown, slotsText } from '../../guest-kit/guest-refusals.ts';
import { useGuestForm, useReloadWhenRefused } from '../../guest-kit/use-guest-form.ts';
import { useHydrated, useTimeChoice, type SlotsState } from '../../guest-kit/use-slots.ts';
import {
  bookingFromForm,
  checkBooking,
  FIELDS_WITH_ERRORS,
  refusedFieldsOf,
  type BookingResult,
} from './booking.ts';

/**
 * The booking's second form, once a party and a day are chosen: the time
 * among the day's slots and the guest's details, posted to the page's action.
 */
export function BookingDetailsForm({
  party,
  date,
  area = null,
  slots,
  result,
}: {
  party: number;
  date: string;
  /** The area the guest chose, where the page offers a choice; null: wherever there is room. */
  area?: number | null;
  slots: SlotsState & { reload: () => void };
  result: BookingResult | undefined;
}) {
  const { t } = useTranslation('reservations');
  const lang = usePageLang();
  const hydrated = useHydrated();
  const time = useTimeChoice(slots, result?.values.time ?? '');
  const refused = result ? refusedFieldsOf(result.outcome) : { fields: {}, other: false };
  const form = useGuestForm({
    result,
    fields: FIELDS_WITH_ERRORS,
    refused: refused.fields,
    check: (form) => {
      const { values } = bookingFromForm(form);
      return { errors: checkBooking(values), values };
    },
    alertId: 'booking-alert',
  });
  const { errors, editedNow, first } = form;
  const refusal = bookingRefusal(t, result?.outcome, refused.other);
  // The refused time stays marked until the guest picks another.
  const slotRefused =
    (refusal.code === 'slot-full' || refusal.code === 'not-a-slot') && !editedNow.has('time');

  useReloadWhenRefused(slots, result, slotRefused);
  const people = t('people', { count: party });
  return (
    <DetailsCardForm
      titleId="booking-details-title"
      title={t('details.legend')}
      formProps={form.formProps(hydrated)}
    >
      <p className="booking-summary">
        {t('details.summary', { people, date: dayAndDateText(lang, date) })}
      </p>
      <input type="hidden" name="party" value={party} />
      <input type="hidden" name="date" value={date} />
      {area !== null && <input type="hidden" name="area" value={area} />}

      <SlotSelect
        id="booking-time"
        label={t('details.time')}
        time={time}
        firstOption={{
          value: '',
          label: slots.state === 'loading' ? t('slots.loading') : t('details.choose'),
        }}
        fullOption={(at) => t('slots.fullOption', { time: at })}
        status={slotsText(slots, {
          none: '',
          loading: t('slots.loading'),
          failed: t('slots.failed'),
          noTimes: t('slots.none'),
          allFull: t('slots.full', { people }),
          available: (count) => t('slots.available', { count }),
          someFull: t('slots.someFull'),
        })}
        retry={t('slots.retry')}
        error={errors.time ? t('errors.time') : null}
        refused={
          slotRefused
            ? {
                id: 'booking-time-refused',
                message: refusal.code === 'slot-full' ? t('errors.slotFull') : t('errors.notASlot'),
              }
            : null
        }
        autoFocus={!hydrated && (first === 'time' || slotRefused)}
        required
        disabled={
          slots.state === 'failed' || (slots.state === 'ready' && time.available.length === 0)
        }
        timeText={(at) => timeText(lang, at)}
      />

      <ContactAndSend namespace="reservations" form={form} refusal={refusal} />
    </DetailsCardForm>
  );
}

/**
 * What a booking's refusal says above the button (the refusals of a field
 * or a time are told beside it, unless `other`: the server refused
 * something the form has no field for), and whether it offers a call.
 */
export function bookingRefusal(
  t: TFunction<'reservations'>,
  outcome: BookingResult['outcome'] | undefined,
  other: boolean,
) {
  return refusalShown(outcome, other, {
    texts: {
      'rate-limited': t('errors.rateLimited'),
      failed: t('errors.failed'),
      'party-too-large': t('errors.partyTooLarge'),
      'too-many-pending': t('errors.tooManyPending'),
      'slot-full': t('errors.slotFull'),
      'not-a-slot': t('errors.notASlot'),
      invalid: t('errors.invalid'),
    },
    toldBeside: ['slot-full', 'not-a-slot', 'invalid'],
    callOn: ['rate-limited', 'failed', 'party-too-large', 'too-many-pending'],
  });
}
