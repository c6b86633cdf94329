import { AUDIT_LIMIT_DEFAULT, auditQuery } from '../../../shared/schemas/staff.ts';
import { mayOpen, sectionAt } from '../../back-office/sections.ts';
import { withSessionToken } from '../../staff/index.ts';
import { AuditPage } from '../../features/staff-accounts/audit-page.tsx';
import { fetchAudit } from '../../features/staff-accounts/staff-api.ts';
import type { Route } from './+types/audit';

export function clientLoader({ request }: Route.ClientLoaderArgs) {
  // "Mostra altri" doubles `?limit=`; a count the server would refuse is its default.
  const asked = auditQuery.shape.limit.safeParse(
    new URL(request.url).searchParams.get('limit') ?? undefined,
  );
  const limit = asked.success ? asked.data : AUDIT_LIMIT_DEFAULT;
  return {
    limit,
    // Not awaited: the section opens at once with its loading text. Only who may open it is asked.
    entries: withSessionToken(async (token, user) =>
      mayOpen(sectionAt('audit'), user?.role) ? fetchAudit(token, limit) : null,
    ),
  };
}

export default function Audit({ loaderData }: Route.ComponentProps) {
  return <AuditPage entries={loaderData.entries} limit={loaderData.limit} />;
}
