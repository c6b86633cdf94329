import { useNavigate } from 'react-router';
import { AUDIT_LIMIT_MAX } from '../../../shared/schemas/staff.ts';
import { LoadedPanel, useUser, type Loading, StaffPanel } from '../../staff/index.ts';
import { mayOpen, sectionAt } from '../../back-office/sections.ts';
import { numericInstantText } from '../../staff-kit/index.ts';
import { AUDIT_TEXTS } from './staff-accounts-texts.ts';
import type { AuditEntry } from './staff-api.ts';

/**
 * /dashboard/audit (owners): who changed what, and when, newest first. The
 * route's client loader fetches the latest `limit` entries (`?limit=`).
 */
export function AuditPage({ entries, limit }: { entries: Loading<AuditEntry[]>; limit: number }) {
  const { user } = useUser();
  const allowed = mayOpen(sectionAt('audit'), user?.role);
  return (
    <StaffPanel heading="h1" title={AUDIT_TEXTS.title}>
      {!allowed ? (
        <p role="alert">{AUDIT_TEXTS.ownerOnly}</p>
      ) : (
        <>
          <p className="staff-panel__intro">{AUDIT_TEXTS.intro}</p>
          <LoadedPanel loading={entries} texts={AUDIT_TEXTS}>
            {(loaded) => <AuditLog entries={loaded} limit={limit} />}
          </LoadedPanel>
        </>
      )}
    </StaffPanel>
  );
}

function AuditLog({ entries, limit }: { entries: AuditEntry[]; limit: number }) {
  const navigate = useNavigate();
  // Twice as many, in place: the address keeps the count, the history does not grow.
  const showMore = () =>
    void navigate(`?limit=${Math.min(limit * 2, AUDIT_LIMIT_MAX)}`, {
      replace: true,
      preventScrollReset: true,
    });
  return (
    <>
      {entries.length === 0 ? (
        <p>{AUDIT_TEXTS.empty}</p>
      ) : (
        <ol className="staff-list staff-audit" aria-label={AUDIT_TEXTS.title}>
          {entries.map((entry, index) => (
            <li key={`${entry.at}-${index}`} className="staff-list__item">
              <span className="staff-list__meta">
                <time dateTime={entry.at}>{numericInstantText(entry.at)}</time>
                <span>{entry.actor?.email ?? AUDIT_TEXTS.system}</span>
              </span>
              <span className="staff-audit__summary">{entry.summary}</span>
            </li>
          ))}
        </ol>
      )}
      {entries.length >= limit && limit < AUDIT_LIMIT_MAX ? (
        <button type="button" className="staff-button staff-button--ghost" onClick={showMore}>
          {AUDIT_TEXTS.more}
        </button>
      ) : null}
    </>
  );
}
