import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import type { FullConfig } from '@playwright/test';
import type { E2eProjectMetadata } from './project.ts';

/**
 * After the run (the web servers are still up, idle): removes the databases
 * playwright.config.ts made for its servers.
 */
export default function globalTeardown(config: FullConfig) {
  for (const project of config.projects) {
    const metadata = project.metadata as E2eProjectMetadata;
    if (metadata.postgresSchema) {
      execFileSync(process.execPath, [
        resolve(import.meta.dirname, 'postgres-schema.ts'),
        'drop',
        metadata.postgresSchema,
      ]);
    }
    if (metadata.scratchDir) rmSync(metadata.scratchDir, { recursive: true, force: true });
  }
}
