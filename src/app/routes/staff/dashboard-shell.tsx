import { BackOfficeShell } from '../../features/back-office/back-office-shell.tsx';

export default function DashboardShell() {
  return <BackOfficeShell />;
}
