import type { LinksFunction } from 'react-router';
import { BackOfficeShell } from '../../back-office/back-office-shell.tsx';

/**
 * What installs the back office on a phone's home screen, on its pages only
 * (public pages never link it): the manifest, and the icon Safari puts on an
 * iPhone's home screen.
 */
export const links: LinksFunction = () => [
  { rel: 'manifest', href: '/dashboard/manifest.webmanifest' },
  { rel: 'apple-touch-icon', href: '/dashboard/icons/icon-192.png' },
];

export default function DashboardShell() {
  return <BackOfficeShell />;
}
