import { useId, type FormEvent } from 'react';
import {
  ROLE_LABELS,
  ROLES,
  INVITATION_STATUS_LABELS,
  type Role,
} from '../../../shared/schemas/staff.ts';
import { ConfirmedAction } from '../../components/confirmed-action.tsx';
import type { ApiResult } from '../../api/client.ts';
import { COLLEAGUES_TEXTS } from './staff-accounts-texts.ts';
import { instantDayText } from '../../staff-kit/index.ts';
import {
  LoadedPanel,
  useStaffSave,
  useUser,
  type Loading,
  EmailField,
  SubmitButton,
  StaffPanel,
} from '../../staff/index.ts';
import {
  changeRole,
  invite,
  removeColleague,
  revokeInvitation,
  type Invitation,
  type StaffMember,
} from './staff-api.ts';

const nameOf = (member: { firstName: string; lastName: string; email: string }) =>
  `${member.firstName} ${member.lastName}`.trim() || member.email;

const LIST_TEXTS = { loading: COLLEAGUES_TEXTS.loading, loadFailed: COLLEAGUES_TEXTS.loadFailed };

/**
 * /dashboard/team: the colleagues and their roles. An owner also changes
 * roles, removes accounts, invites colleagues (who choose their own
 * password) and follows the invitations; staff see the list only. Both
 * lists come from the route's client loader (the invitations for owners only).
 */
export function Colleagues({
  staff,
  invitations,
}: {
  staff: Loading<StaffMember[]>;
  invitations: Loading<Invitation[]>;
}) {
  const { user } = useUser();
  const { save } = useStaffSave();
  const isOwner = user?.role === 'owner';

  /** Runs an owner's action; on success a toast and the lists loaded again. */
  async function act(call: (token: string) => Promise<ApiResult<unknown>>, success: string) {
    return (await save(call, { success }))?.ok === true;
  }

  return (
    <>
      <StaffPanel heading="h1" title={COLLEAGUES_TEXTS.title}>
        <p className="staff-panel__intro">
          {COLLEAGUES_TEXTS.intro} {isOwner ? null : COLLEAGUES_TEXTS.ownerOnlyNote}
        </p>
        <LoadedPanel loading={staff} texts={LIST_TEXTS}>
          {(members) => (
            <ColleagueList
              staff={members}
              selfEmail={user?.email}
              canManage={isOwner}
              onChangeRole={(member, role) =>
                act((token) => changeRole(token, member.id, role), COLLEAGUES_TEXTS.roleChanged)
              }
              onRemove={(member) =>
                act((token) => removeColleague(token, member.id), COLLEAGUES_TEXTS.removed)
              }
            />
          )}
        </LoadedPanel>
      </StaffPanel>
      {isOwner ? (
        <>
          <InviteForm />
          <InvitationList
            loading={invitations}
            onRevoke={(invitation) =>
              act((token) => revokeInvitation(token, invitation.id), COLLEAGUES_TEXTS.revoked)
            }
          />
        </>
      ) : null}
    </>
  );
}

function ColleagueList({
  staff,
  selfEmail,
  canManage,
  onChangeRole,
  onRemove,
}: {
  staff: StaffMember[];
  selfEmail: string | undefined;
  canManage: boolean;
  onChangeRole: (member: StaffMember, role: Role) => Promise<unknown>;
  onRemove: (member: StaffMember) => Promise<unknown>;
}) {
  if (staff.length === 0) return <p>{COLLEAGUES_TEXTS.empty}</p>;
  return (
    <ul className="staff-list" aria-label={COLLEAGUES_TEXTS.title}>
      {staff.map((member) => (
        <ColleagueItem
          key={member.id}
          member={member}
          isSelf={member.email === selfEmail}
          canManage={canManage && member.email !== selfEmail}
          onChangeRole={(role) => onChangeRole(member, role)}
          onRemove={() => onRemove(member)}
        />
      ))}
    </ul>
  );
}

function ColleagueItem({
  member,
  isSelf,
  canManage,
  onChangeRole,
  onRemove,
}: {
  member: StaffMember;
  isSelf: boolean;
  canManage: boolean;
  onChangeRole: (role: Role) => Promise<unknown>;
  onRemove: () => Promise<unknown>;
}) {
  const name = nameOf(member);
  const since = instantDayText(member.createdAt);
  const otherRole: Role = member.role === 'owner' ? 'staff' : 'owner';
  return (
    <li className="staff-list__item">
      <span className="staff-list__name">
        {name}
        <span className={`staff-badge staff-badge--${member.role}`}>
          {ROLE_LABELS[member.role]}
        </span>
        {isSelf ? <span className="staff-badge">{COLLEAGUES_TEXTS.you}</span> : null}
      </span>
      <span className="staff-list__meta">
        <span>{member.email}</span>
        {since ? <span>{COLLEAGUES_TEXTS.since(since)}</span> : null}
      </span>
      {canManage ? (
        <span className="staff-list__actions">
          <ConfirmedAction
            label={otherRole === 'owner' ? COLLEAGUES_TEXTS.makeOwner : COLLEAGUES_TEXTS.makeStaff}
            question={COLLEAGUES_TEXTS.confirmRole(name, ROLE_LABELS[otherRole])}
            onConfirm={() => onChangeRole(otherRole)}
          />
          <ConfirmedAction
            label={COLLEAGUES_TEXTS.remove}
            question={COLLEAGUES_TEXTS.confirmRemove(name)}
            onConfirm={onRemove}
            danger
          />
        </span>
      ) : null}
    </li>
  );
}

/** The owner's invitation: on success a toast, the form emptied and the lists loaded again. */
function InviteForm() {
  const id = useId();
  const { save, busy } = useStaffSave();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    const data = new FormData(form);
    const text = (name: string) => String(data.get(name) ?? '').trim();
    const body = {
      email: text('email'),
      firstName: text('firstName'),
      lastName: text('lastName'),
      role: text('role') === 'owner' ? ('owner' as const) : ('staff' as const),
    };
    await save((token) => invite(token, body), {
      success: COLLEAGUES_TEXTS.invited(body.email),
      onSaved: () => form.reset(),
    });
  }

  return (
    <StaffPanel
      title={COLLEAGUES_TEXTS.inviteTitle}
      intro={COLLEAGUES_TEXTS.inviteIntro}
      titleId={`${id}-title`}
    >
      <form
        className="staff-form staff-form--grid"
        onSubmit={onSubmit}
        aria-labelledby={`${id}-title`}
        aria-busy={busy}
      >
        <EmailField id={`${id}-email`} autoComplete="off" />
        <div className="staff-field">
          <label htmlFor={`${id}-role`}>{COLLEAGUES_TEXTS.role}</label>
          <select id={`${id}-role`} name="role" defaultValue="staff">
            {ROLES.map((role) => (
              <option key={role} value={role}>
                {ROLE_LABELS[role]}
              </option>
            ))}
          </select>
        </div>
        {(['firstName', 'lastName'] as const).map((name) => (
          <div key={name} className="staff-field">
            <label htmlFor={`${id}-${name}`}>{COLLEAGUES_TEXTS[name]}</label>
            <input
              id={`${id}-${name}`}
              name={name}
              type="text"
              autoComplete="off"
              required
              maxLength={100}
            />
          </div>
        ))}
        <div className="staff-field--wide">
          <SubmitButton
            label={COLLEAGUES_TEXTS.inviteSubmit}
            busyLabel={COLLEAGUES_TEXTS.inviteBusy}
            busy={busy}
          />
        </div>
      </form>
    </StaffPanel>
  );
}

function InvitationList({
  loading,
  onRevoke,
}: {
  loading: Loading<Invitation[]>;
  onRevoke: (invitation: Invitation) => Promise<unknown>;
}) {
  return (
    <StaffPanel title={COLLEAGUES_TEXTS.invitationsTitle}>
      <LoadedPanel loading={loading} texts={LIST_TEXTS}>
        {(invitations) => <InvitationItems invitations={invitations} onRevoke={onRevoke} />}
      </LoadedPanel>
    </StaffPanel>
  );
}

function InvitationItems({
  invitations,
  onRevoke,
}: {
  invitations: Invitation[];
  onRevoke: (invitation: Invitation) => Promise<unknown>;
}) {
  if (invitations.length === 0) return <p>{COLLEAGUES_TEXTS.noInvitations}</p>;
  return (
    <ul className="staff-list" aria-label={COLLEAGUES_TEXTS.invitationsTitle}>
      {invitations.map((invitation) => (
        <li key={invitation.id} className="staff-list__item">
          <span className="staff-list__name">
            {nameOf(invitation)}
            <span className={`staff-badge staff-badge--${invitation.status}`}>
              {INVITATION_STATUS_LABELS[invitation.status]}
            </span>
          </span>
          <span className="staff-list__meta">
            <span>{invitation.email}</span>
            <span>{ROLE_LABELS[invitation.role]}</span>
            {invitation.status === 'pending' ? (
              <span>{COLLEAGUES_TEXTS.expires(instantDayText(invitation.expiresAt))}</span>
            ) : null}
            {invitation.invitedBy ? (
              <span>{COLLEAGUES_TEXTS.invitedBy(invitation.invitedBy.email)}</span>
            ) : null}
          </span>
          {invitation.status === 'pending' ? (
            <span className="staff-list__actions">
              <ConfirmedAction
                label={COLLEAGUES_TEXTS.revoke}
                question={`${COLLEAGUES_TEXTS.revoke}: ${invitation.email}?`}
                onConfirm={() => onRevoke(invitation)}
                danger
              />
            </span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
