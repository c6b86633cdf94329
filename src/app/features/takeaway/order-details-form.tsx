import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Lang } from '../../../shared/languages.ts';
import { timeText } from '../../components/opening-hours/format.ts';
import { usePageLang } from '../../i18n/use-page-lang.ts';
import {
  checkGuestContact,
  GUEST_CONTACT_FIELDS,
  ContactAndSend,
  type GuestContactField,
} from '../../guest-kit/guest-contact.tsx';
import { contactFromForm, refusedFields } from '../../guest-kit/guest-form.ts';
import { DetailsCardForm, SlotSelect } from '../../guest-kit/guest-page-parts.tsx';
import { refusalShown, slotsText } from '../../guest-kit/guest-refusals.ts';
import { useGuestForm, useReloadWhenRefused } from '../../guest-kit/use-guest-form.ts';
import { useHydrated, useTimeChoice, type SlotsState } from '../../guest-kit/use-slots.ts';
import {
  ASAP,
  euros,
  quantityField,
  totalCents,
  type BasketLine,
  type OrderResult,
} from './order.ts';

/** The order form's fields the page marks, in the order it shows them (the first to fix gets the focus). */
const FIELDS_WITH_ERRORS = ['time', ...GUEST_CONTACT_FIELDS] as const;
type FieldErrors = Partial<Record<GuestContactField | 'time', true>>;

/**
 * The takeaway page's order form, once the basket holds something: the
 * pickup time (or as soon as possible) and the guest's details, posted with
 * the basket to the page's action.
 */
export function OrderDetailsForm({
  lines,
  date,
  slots,
  result,
}: {
  lines: BasketLine[];
  date: string;
  slots: SlotsState & { reload: () => void };
  result: OrderResult | undefined;
}) {
  const { t } = useTranslation('takeaway');
  const lang = usePageLang();
  const hydrated = useHydrated();
  const time = useTimeChoice(slots, result?.values.time ?? ASAP, ASAP);

  // The API names the pickup `pickup`; the page's field is the time.
  const refused = result
    ? refusedFields(result.outcome, FIELDS_WITH_ERRORS, { pickup: 'time' })
    : { fields: {}, other: false };
  const form = useGuestForm({
    result,
    fields: FIELDS_WITH_ERRORS,
    refused: refused.fields,
    check: (form) => {
      const errors: FieldErrors = { ...checkGuestContact(contactFromForm(form)) };
      if (time.value === '') errors.time = true;
      return { errors, values: null };
    },
    alertId: 'takeaway-alert',
  });
  const { errors, first } = form;
  const refusal = takeawayRefusal(t, result, refused.other, lang);
  const slotRefused = refusal.code === 'slot-full' || refusal.code === 'not-a-slot';

  useReloadWhenRefused(slots, result, slotRefused);
  return (
    <DetailsCardForm
      titleId="takeaway-details-title"
      title={t('details.legend')}
      formProps={form.formProps(hydrated)}
    >
      {lines.map((line) => (
        <input key={line.key} type="hidden" name={quantityField(line.key)} value={line.quantity} />
      ))}
      <input type="hidden" name="date" value={date} />

      <SlotSelect
        id="takeaway-time"
        label={t('pickup.label')}
        time={time}
        firstOption={{ value: ASAP, label: t('pickup.asap') }}
        fullOption={(at) => t('pickup.full', { time: at })}
        status={slotsText(slots, {
          none: t('pickup.chooseDay'),
          loading: t('pickup.loading'),
          failed: t('pickup.failed'),
          noTimes: t('pickup.none'),
          allFull: t('pickup.allFull'),
          available: (count) => t('pickup.available', { count }),
          someFull: t('pickup.someFull'),
        })}
        retry={t('pickup.retry')}
        error={errors.time ? t('errors.time') : null}
        // Told in the alert below, which the time points to.
        refused={slotRefused ? { id: 'takeaway-alert' } : null}
        autoFocus={!hydrated && (first === 'time' || slotRefused)}
        timeText={(at) => timeText(lang, at)}
      />

      <ContactAndSend namespace="takeaway" form={form} refusal={refusal} focusAlert={!hydrated}>
        <p className="takeaway-total" aria-live="polite">
          <span>{t('basket.total')}</span> <strong>{euros(totalCents(lines))}</strong>
        </p>
      </ContactAndSend>
    </DetailsCardForm>
  );
}

/** What an order's refusal says above the button (a field's is told beside it), and whether it offers a call. */
function takeawayRefusal(
  t: TFunction<'takeaway'>,
  result: OrderResult | undefined,
  other: boolean,
  lang: Lang,
) {
  const outcome = result?.outcome;
  const next =
    outcome && !outcome.ok && outcome.code === 'slot-full' ? outcome.details?.nextTime : null;
  return refusalShown(outcome, other, {
    texts: {
      'item-unavailable': t('errors.itemUnavailable', {
        dishes: (result?.unavailable ?? []).join(', '),
      }),
      'slot-full': next
        ? t('errors.slotFullNext', { time: timeText(lang, next) })
        : t('errors.slotFull'),
      'not-a-slot': t('errors.notASlot'),
      paused: t('errors.paused'),
      disabled: t('errors.disabled'),
      'too-many-pending': t('errors.tooManyPending'),
      'rate-limited': t('errors.rateLimited'),
      failed: t('errors.failed'),
      invalid: t('errors.invalid'),
    },
    toldBeside: ['invalid'],
    callOn: ['rate-limited', 'too-many-pending', 'failed', 'paused', 'disabled'],
  });
}
