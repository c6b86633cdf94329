import { useTranslation } from 'react-i18next';
import { noticeText } from './format.ts';
import type { VisitorHours } from './visitor-hours.ts';

/**
 * "Closed today, we reopen Wednesday at 12:00", or "Closed for the winter,
 * open again from 1 March", with the staff's note; nothing on an open day.
 */
export function ClosedNotice({ hours }: { hours: VisitorHours }) {
  const { i18n } = useTranslation();
  if (!hours.notice) return null;
  const { lead, note } = noticeText(i18n, hours.notice, hours.today);
  return (
    <div className="closed-notice">
      <p className="closed-notice__lead">{lead}</p>
      {note ? <p className="closed-notice__note">{note}</p> : null}
    </div>
  );
}
