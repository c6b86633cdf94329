import { useTranslation } from 'react-i18next';
import type { WeeklyDay } from '../../../shared/opening-hours.ts';
import { weekLines } from './format.ts';

/** The week's hours, Monday first, days with the same hours on one line. */
export function OpeningHoursList({ weekly }: { weekly: readonly WeeklyDay[] }) {
  const { i18n } = useTranslation();
  return (
    <dl className="opening-hours">
      {weekLines(i18n, weekly).map((line) => (
        <div key={line.days} className="opening-hours__line">
          <dt>{line.days}</dt>
          <dd>{line.hours}</dd>
        </div>
      ))}
    </dl>
  );
}
