import { backupStatusAnswer, type BackupStatus } from '../../../shared/schemas/backups.ts';
import { apiRequest, parseAnswer, type ApiResult } from '../../api/client.ts';

export type { BackupStatus };

/** GET /api/backups (owners): the daily backups' state. */
export async function fetchBackupStatus(token: string): Promise<ApiResult<BackupStatus>> {
  return parseAnswer(await apiRequest('GET', '/backups', { token }), backupStatusAnswer);
}
