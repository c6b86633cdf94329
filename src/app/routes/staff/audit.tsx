import { AuditPage } from '../../features/staff-accounts/audit-page.tsx';

export default function Audit() {
  return <AuditPage />;
}
