/**
 * `npm run audit`: fails when a production dependency has a high or
 * critical advisory (docs/security.md item 28). When the advisory service cannot
 * be reached (some registries and mirrors refuse its endpoint) it says so
 * loudly and passes, unless AUDIT_REQUIRED=1, since an audit nobody could
 * run proves nothing either way.
 */
import { spawnSync } from 'node:child_process';
import { auditVerdict, type AuditAnswer } from './audit-verdict.ts';

const run = spawnSync('npm', ['audit', '--omit=dev', '--json'], { encoding: 'utf8' });
let answer: AuditAnswer;
try {
  answer = JSON.parse(run.stdout || '{}') as AuditAnswer;
} catch {
  answer = { message: `unreadable answer: ${run.stdout.slice(0, 200)}` };
}
const verdict = auditVerdict(answer);
switch (verdict.kind) {
  case 'clean':
    console.log('npm audit: no high or critical advisory in production dependencies.');
    break;
  case 'vulnerable':
    console.error(`npm audit: high or critical advisories in: ${verdict.packages.join(', ')}`);
    process.exit(1);
    break;
  case 'unreachable':
    console.warn(
      `npm audit: NOT CHECKED, the advisory service could not be asked (${verdict.reason}).`,
    );
    if (process.env.AUDIT_REQUIRED === '1') process.exit(1);
}
