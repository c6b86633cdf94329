/** The owners' view of the daily backups: the panel on the dashboard and its data. */
export { BackupPanel } from './backup-panel.tsx';
export { fetchBackupStatus, type BackupStatus } from './backups-api.ts';
