/** What `npm audit --json` answered, as far as the verdict needs it. */
export interface AuditAnswer {
  /** Present when the advisory service answered. */
  metadata?: { vulnerabilities?: Record<string, number> };
  vulnerabilities?: Record<string, { severity?: string }>;
  /** Present when it could not be asked (network, registry refusing the bulk endpoint). */
  message?: string;
}

export type AuditVerdict =
  | { kind: 'clean' }
  | { kind: 'vulnerable'; packages: string[] }
  | { kind: 'unreachable'; reason: string };

const BLOCKING = new Set(['high', 'critical']);

/** docs/security.md item 28: no high or critical advisory in what production installs. */
export function auditVerdict(answer: AuditAnswer): AuditVerdict {
  if (!answer.metadata?.vulnerabilities) {
    return { kind: 'unreachable', reason: answer.message ?? 'no audit report' };
  }
  const packages = Object.entries(answer.vulnerabilities ?? {})
    .filter(([, entry]) => BLOCKING.has(entry.severity ?? ''))
    .map(([name, entry]) => `${name} (${entry.severity})`);
  return packages.length ? { kind: 'vulnerable', packages } : { kind: 'clean' };
}
