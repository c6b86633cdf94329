import { useTranslation } from 'react-i18next';
import { noticeText } from './format.ts';
import type { VisitorHours } from './visitor-hours.ts';

/**
 * "Closed today: Private event. Open again on Wednesday 4 March from 12:00."
 * (format.ts); nothing on an open day.
 */
export function ClosedNotice({ hours }: { hours: VisitorHours }) {
  const { i18n } = useTranslation();
  if (!hours.notice) return null;
  return (
    <div className="closed-notice">
      <p className="closed-notice__lead">{noticeText(i18n, hours.notice, hours.today)}</p>
    </div>
  );
}
