/**
 * `npm run docs:api`: writes docs/api.md from docs/api.template.md and the
 * routes' own schemas (scripts/api-reference.ts). Run it after changing a
 * route, a schema or the template; scripts/api-docs.test.ts fails until then.
 */
import { writeFileSync } from 'node:fs';
import { apiReference, OUTPUT_PATH } from './api-reference.ts';

writeFileSync(OUTPUT_PATH, await apiReference());
console.log(`Wrote ${OUTPUT_PATH}`);
