import { useEffect, useEffectEvent, useId, useState } from 'react';
import { AUDIT_LIMIT_DEFAULT, AUDIT_LIMIT_MAX } from '../../../shared/schemas/staff.ts';
import type { ApiFailure } from '../../api/client.ts';
import { AUDIT_TEXTS, useApiErrorHandler, useUser } from '../auth/index.ts';
import { fetchAudit, type AuditEntry } from './staff-api.ts';

const when = new Intl.DateTimeFormat('it-IT', {
  timeZone: 'Europe/Rome',
  dateStyle: 'short',
  timeStyle: 'short',
});

/** /dashboard/audit (owners): who changed what, and when, newest first. */
export function AuditPage() {
  const id = useId();
  const { token, user } = useUser();
  const handleFailure = useApiErrorHandler();
  const isOwner = user?.role === 'owner';
  const [limit, setLimit] = useState(AUDIT_LIMIT_DEFAULT);
  const [entries, setEntries] = useState<AuditEntry[] | null>(null);
  const [failed, setFailed] = useState(false);
  const onFailure = useEffectEvent((failure: ApiFailure) => {
    setFailed(true);
    handleFailure(failure);
  });

  useEffect(() => {
    if (!token || !isOwner) return;
    const controller = new AbortController();
    fetchAudit(token, limit, controller.signal).then(
      (result) => {
        if (result.ok) {
          setEntries(result.data);
          setFailed(false);
        } else {
          onFailure(result.failure);
        }
      },
      () => {
        // aborted: the page went away or asked for more
      },
    );
    return () => controller.abort();
  }, [token, isOwner, limit]);

  return (
    <section className="staff-panel" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`} className="staff-panel__title">
        {AUDIT_TEXTS.title}
      </h1>
      {!isOwner ? (
        <p role="alert">{AUDIT_TEXTS.ownerOnly}</p>
      ) : (
        <>
          <p className="staff-panel__intro">{AUDIT_TEXTS.intro}</p>
          {entries === null ? (
            <p role="status">{failed ? AUDIT_TEXTS.loadFailed : AUDIT_TEXTS.loading}</p>
          ) : entries.length === 0 ? (
            <p>{AUDIT_TEXTS.empty}</p>
          ) : (
            <ol className="staff-list staff-audit" aria-label={AUDIT_TEXTS.title}>
              {entries.map((entry, index) => (
                <li key={`${entry.at}-${index}`} className="staff-list__item">
                  <span className="staff-list__meta">
                    <time dateTime={entry.at}>{when.format(new Date(entry.at))}</time>
                    <span>{entry.actor?.email ?? AUDIT_TEXTS.system}</span>
                  </span>
                  <span className="staff-audit__summary">{entry.summary}</span>
                </li>
              ))}
            </ol>
          )}
          {entries !== null && entries.length >= limit && limit < AUDIT_LIMIT_MAX ? (
            <button
              type="button"
              className="staff-button staff-button--ghost"
              onClick={() => setLimit((value) => Math.min(value * 2, AUDIT_LIMIT_MAX))}
            >
              {AUDIT_TEXTS.more}
            </button>
          ) : null}
        </>
      )}
    </section>
  );
}
