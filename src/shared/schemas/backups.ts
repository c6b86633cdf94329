import { z } from 'zod';

/**
 * GET /api/backups (owners): whether the daily backups are on, the last one
 * taken and the last that failed. `stale` when they are on and none is
 * younger than 48 hours. The folder is not named: owners need to know that a
 * copy exists, not where the server keeps it.
 */
export const backupStatusAnswer = z.object({
  enabled: z.boolean(),
  lastSuccess: z.object({ at: z.iso.datetime(), bytes: z.number().int().min(0) }).nullable(),
  lastFailure: z.object({ at: z.iso.datetime() }).nullable(),
  stale: z.boolean(),
});
export type BackupStatus = z.infer<typeof backupStatusAnswer>;
