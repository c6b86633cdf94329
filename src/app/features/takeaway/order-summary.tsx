import { useTranslation } from 'react-i18next';
import { amountToCents } from '../../../shared/money.ts';
import { formatPrice } from '../../../shared/price.ts';
import type { OrderLine } from '../../../shared/schemas/takeaway.ts';
import { dayAndDateText, timeText } from '../../components/opening-hours/format.ts';
import { usePageLang } from '../../i18n/use-page-lang.ts';
import { euros } from './order.ts';

/**
 * An order as the server keeps it (its lines at the prices of the moment it
 * was made, the total, the pickup day and time), and that it is paid at
 * pickup: the confirmation and the status page show it alike.
 */
export function OrderSummary({
  lines,
  total,
  pickup,
}: {
  lines: OrderLine[];
  total: string;
  pickup: { date: string; time: string };
}) {
  const { t } = useTranslation('takeaway');
  const lang = usePageLang();
  return (
    <div className="takeaway-order">
      <p className="booking-summary">
        {t('order.pickup', {
          date: dayAndDateText(lang, pickup.date),
          time: timeText(lang, pickup.time),
        })}
      </p>
      <ul className="takeaway-lines">
        {lines.map((line, index) => (
          <li key={index}>
            <span>
              {t('basket.line', {
                quantity: line.quantity,
                dish: line.label ? `${line.name} (${line.label})` : line.name,
              })}
            </span>
            <span>{euros((amountToCents(line.amount) ?? 0) * line.quantity)}</span>
          </li>
        ))}
      </ul>
      <p className="takeaway-total">
        <span>{t('order.total')}</span> <strong>{formatPrice(total)}</strong>
      </p>
      <p>{t('order.payAtPickup')}</p>
    </div>
  );
}
