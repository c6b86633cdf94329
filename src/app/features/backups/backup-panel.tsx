import { LoadedPanel, StaffPanel, useUser, type Loading } from '../../staff/index.ts';
import { momentText } from '../../staff-kit/index.ts';
import { BACKUP_TEXTS as T } from './backup-texts.ts';
import type { BackupStatus } from './backups-api.ts';

const megabytes = new Intl.NumberFormat('it-IT', {
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});

/** "12,4 MB". */
export const sizeText = (bytes: number) => `${megabytes.format(bytes / 1_000_000)} MB`;

/**
 * The owners' "Backup" panel: the last daily backup's time and size, a
 * warning when none is younger than two days or the last one failed, and
 * when they are off how to turn them on. Nothing for staff who are not
 * owners (the route's loader does not ask the server for them).
 */
export function BackupPanel({ status }: { status: Loading<BackupStatus> }) {
  const { user } = useUser();
  if (user?.role !== 'owner') return null;
  return (
    <StaffPanel title={T.title}>
      <LoadedPanel loading={status} texts={T}>
        {(loaded) => <BackupState status={loaded} now={new Date()} />}
      </LoadedPanel>
    </StaffPanel>
  );
}

function BackupState({ status, now }: { status: BackupStatus; now: Date }) {
  const { enabled, lastSuccess, lastFailure, stale } = status;
  const lastFailed =
    lastFailure !== null && (lastSuccess === null || lastFailure.at > lastSuccess.at);
  return (
    <>
      {!enabled ? <p>{T.off}</p> : null}
      {lastSuccess ? (
        <p>{T.last(momentText(lastSuccess.at, now), sizeText(lastSuccess.bytes))}</p>
      ) : enabled ? (
        <p>{T.none}</p>
      ) : null}
      {lastFailed ? (
        <div className="staff-warning" role="alert">
          <p className="staff-warning__title">{T.failedTitle}</p>
          <p>{T.failed(momentText(lastFailure.at, now))}</p>
        </div>
      ) : null}
      {stale ? (
        <div className="staff-warning" role="alert">
          <p className="staff-warning__title">{T.staleTitle}</p>
          <p>{T.stale}</p>
        </div>
      ) : null}
    </>
  );
}
