import { withSessionToken } from '../../staff/index.ts';
import { Colleagues } from '../../features/staff-accounts/colleagues.tsx';
import { fetchInvitations, fetchStaff } from '../../features/staff-accounts/staff-api.ts';
import type { Route } from './+types/team';

export function clientLoader() {
  // Not awaited: the section opens at once with its loading texts.
  return {
    staff: withSessionToken((token) => fetchStaff(token)),
    invitations: withSessionToken(async (token, user) =>
      user?.role === 'owner' ? fetchInvitations(token) : null,
    ),
  };
}

export default function Team({ loaderData }: Route.ComponentProps) {
  return <Colleagues staff={loaderData.staff} invitations={loaderData.invitations} />;
}
