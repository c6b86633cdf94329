import { rmSync } from 'node:fs';
import type { FullConfig } from '@playwright/test';
import {
  dropPostgresSchema,
  dropPostgresSchemasStartingWith,
} from '../../src/server/testing/database.ts';
import type { E2eProjectMetadata } from './project.ts';

/**
 * After the run (the web servers are still up, idle): removes the databases
 * playwright.config.ts made for its servers, and those of the specs' own.
 */
export default async function globalTeardown(config: FullConfig) {
  for (const project of config.projects) {
    const metadata = project.metadata as E2eProjectMetadata;
    if (metadata.postgresSchema) {
      await dropPostgresSchema(process.env.TEST_POSTGRES_URL!, metadata.postgresSchema);
      // The schemas of the specs' own servers (support/server.ts).
      await dropPostgresSchemasStartingWith(
        process.env.TEST_POSTGRES_URL!,
        `${metadata.postgresSchema}_`,
      );
    }
    if (metadata.scratchDir) rmSync(metadata.scratchDir, { recursive: true, force: true });
  }
}
