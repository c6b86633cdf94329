import { describe, expect, it } from 'vitest';
import { auditVerdict } from './audit-verdict.ts';

const report = (vulnerabilities: Record<string, { severity: string }>) => ({
  metadata: { vulnerabilities: { info: 0, low: 0, moderate: 0, high: 0, critical: 0 } },
  vulnerabilities,
});

describe('npm audit verdict (docs/security.md item 28)', () => {
  it('fails on a high or critical advisory, naming the packages', () => {
    expect(
      auditVerdict(
        report({ a: { severity: 'high' }, b: { severity: 'critical' }, c: { severity: 'low' } }),
      ),
    ).toEqual({ kind: 'vulnerable', packages: ['a (high)', 'b (critical)'] });
  });

  it('passes with only low or moderate ones, or none', () => {
    expect(auditVerdict(report({ c: { severity: 'moderate' } }))).toEqual({ kind: 'clean' });
    expect(auditVerdict(report({}))).toEqual({ kind: 'clean' });
  });

  it('tells an unreachable advisory service apart from a clean report', () => {
    expect(
      auditVerdict({
        message:
          '405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk',
      }),
    ).toEqual({
      kind: 'unreachable',
      reason:
        '405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk',
    });
  });
});
