import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { TEAM_DUTY_LABELS, TEAM_MEMBER_STATE_LABELS, type TeamDuty } from '../../../domain/enums.ts';
import { INVITATION_HOURS } from '../../../domain/rules/teams.ts';
import { inviteMemberBody } from '../../../domain/schemas/teams.ts';
import { messageOf } from '../../api/http.ts';
import { getMyTeamQueryOptions, teamKeys, teamsApi, type Team, type TeamMember } from '../../api/teams.ts';
import { useNeedsConnection } from '../../offline/NeedsConnection.tsx';
import { useAuth } from '../../session/AuthContext.ts';
import { Button, type ButtonProps } from '../../ui/Button.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { FormDialog } from '../../ui/FormDialog.tsx';
import { CheckboxGroup } from '../../ui/form/CheckboxGroup.tsx';
import { TextField } from '../../ui/form/TextField.tsx';
import { LoadError, Loading } from '../../ui/LoadStates.tsx';
import { StatusBadge, type BadgeTone } from '../../ui/StatusBadge.tsx';
import { useToast } from '../../ui/toast/index.ts';
import { ProfileCard, issuesByPath } from './profileParts.tsx';

const STATE_TONES: Record<TeamMember['state'], BadgeTone> = {
  ACTIVE: 'success',
  INVITED: 'info',
  DEACTIVATED: 'neutral',
};

type Dialog =
  | { kind: 'invite' }
  | { kind: 'edit'; member: TeamMember }
  | { kind: 'deactivate'; member: TeamMember }
  | { kind: 'revoke'; member: TeamMember };

/**
 * "Team": everyone who signs in for the organisation. Owners invite members by email, choose their
 * duties, resend or withdraw invitations, make another owner, and deactivate or reactivate members;
 * members see the team. Every change needs the server at once (disabled offline, saying why).
 */
export function TeamSection() {
  const team = useQuery(getMyTeamQueryOptions());
  return (
    <ProfileCard id="team-title" title="Team">
      {team.isPending ? (
        <Loading inline what="your team" />
      ) : team.isError ? (
        <LoadError what="your team" error={team.error} retry={() => void team.refetch()} />
      ) : (
        <TeamMembers team={team.data} />
      )}
    </ProfileCard>
  );
}

function TeamMembers({ team }: { team: Team }) {
  const { user } = useAuth();
  const toast = useToast();
  const queryClient = useQueryClient();
  const server = useNeedsConnection();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [error, setError] = useState<string | null>(null);
  const owner = team.callerIsOwner;

  const change = useMutation({
    mutationFn: async (run: { action: string; go: () => Promise<unknown>; done: string }) => {
      await run.go();
      return run.done;
    },
    onSuccess: async (done) => {
      setDialog(null);
      toast.success(done, { title: 'Success' });
      await queryClient.invalidateQueries({ queryKey: teamKeys.mine });
    },
    onError: (failure) => {
      // A form keeps what was typed and says why; a confirmation closes and the toast says why.
      if (dialog?.kind === 'invite' || dialog?.kind === 'edit') setError(messageOf(failure));
      else {
        setDialog(null);
        toast.error(messageOf(failure), { title: 'Error' });
      }
    },
  });
  const run = (action: string, go: () => Promise<unknown>, done: string) => {
    setError(null);
    change.mutate({ action, go, done });
  };
  const open = (next: Dialog) => {
    setError(null);
    change.reset();
    setDialog(next);
  };
  const busy = (action: string, member: TeamMember) =>
    change.isPending && change.variables?.action === `${action}:${member.id}`;

  return (
    <>
      <p className="text-sm text-base-content/70">
        Everyone who signs in for your organisation, each with their own login and duties.{' '}
        {owner
          ? `Invite members by email: they get a link to choose a password (it works once, for ${INVITATION_HOURS} hours).`
          : 'Only an owner changes the team.'}
      </p>
      {owner && server.note}
      <ul className="divide-y divide-base-300" aria-label="Team members">
        {team.members.map((member) => {
          const self = member.id === user?.id;
          return (
            <li key={member.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start sm:justify-between">
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2 font-medium">
                  <span className="break-words">{member.name ?? member.email}</span>
                  {self && <span className="text-sm font-normal text-base-content/70">(you)</span>}
                  {member.isOwner && (
                    <StatusBadge tone="primary" size="sm">
                      Owner
                    </StatusBadge>
                  )}
                  <StatusBadge tone={STATE_TONES[member.state]} size="sm">
                    {member.state === 'INVITED' && member.invitationExpired
                      ? 'Invitation expired'
                      : TEAM_MEMBER_STATE_LABELS[member.state]}
                  </StatusBadge>
                </p>
                <p className="text-sm break-all text-base-content/70">{member.email}</p>
                <p className="text-sm">
                  {member.isOwner
                    ? 'Every duty'
                    : member.duties.length
                      ? member.duties.map((d) => TEAM_DUTY_LABELS[d]).join(', ')
                      : 'No duties yet'}
                </p>
              </div>
              {owner && (
                <div
                  className="flex flex-wrap gap-2"
                  role="group"
                  aria-label={`Actions for ${member.name ?? member.email}`}
                >
                  <ServerButton server={server} onClick={() => open({ kind: 'edit', member })}>
                    Edit duties
                  </ServerButton>
                  {member.state === 'INVITED' && (
                    <>
                      <ServerButton
                        server={server}
                        loading={busy('resend', member)}
                        onClick={() =>
                          run(
                            `resend:${member.id}`,
                            () => teamsApi.resend(member.id),
                            `Invitation sent again to ${member.email}.`,
                          )
                        }
                      >
                        Resend invitation
                      </ServerButton>
                      <ServerButton server={server} variant="danger" onClick={() => open({ kind: 'revoke', member })}>
                        Withdraw invitation
                      </ServerButton>
                    </>
                  )}
                  {member.state === 'ACTIVE' && (
                    <ServerButton server={server} variant="danger" onClick={() => open({ kind: 'deactivate', member })}>
                      Deactivate
                    </ServerButton>
                  )}
                  {member.state === 'DEACTIVATED' && (
                    <ServerButton
                      server={server}
                      loading={busy('reactivate', member)}
                      onClick={() =>
                        run(
                          `reactivate:${member.id}`,
                          () => teamsApi.reactivate(member.id),
                          `${member.name ?? member.email} can sign in again.`,
                        )
                      }
                    >
                      Reactivate
                    </ServerButton>
                  )}
                </div>
              )}
            </li>
          );
        })}
      </ul>
      {owner && (
        <div>
          <Button
            disabled={server.offline}
            aria-describedby={server.describedBy}
            onClick={() => open({ kind: 'invite' })}
          >
            Invite a member
          </Button>
        </div>
      )}

      {dialog?.kind === 'invite' && (
        <InviteDialog
          team={team}
          busy={change.isPending}
          error={error}
          onClose={() => setDialog(null)}
          onInvite={(body) => run('invite', () => teamsApi.invite(body), `Invitation sent to ${body.email}.`)}
        />
      )}
      {dialog?.kind === 'edit' && (
        <EditDialog
          team={team}
          member={dialog.member}
          busy={change.isPending}
          error={error}
          onClose={() => setDialog(null)}
          onSave={(body) =>
            run(
              'edit',
              () => teamsApi.update(dialog.member.id, body),
              `${dialog.member.name ?? dialog.member.email} updated.`,
            )
          }
        />
      )}
      <ConfirmDialog
        open={dialog?.kind === 'deactivate'}
        title="Deactivate this member?"
        confirmLabel="Deactivate"
        cancelLabel="Keep them"
        busy={change.isPending}
        onCancel={() => setDialog(null)}
        onConfirm={() => {
          if (dialog?.kind !== 'deactivate') return;
          const { member } = dialog;
          run(
            `deactivate:${member.id}`,
            () => teamsApi.deactivate(member.id),
            `${member.name ?? member.email} is deactivated.`,
          );
        }}
      >
        {dialog?.kind === 'deactivate' &&
          `${dialog.member.name ?? dialog.member.email} is signed out everywhere at once and cannot sign in until reactivated. What they did stays recorded under their name.`}
      </ConfirmDialog>
      <ConfirmDialog
        open={dialog?.kind === 'revoke'}
        title="Withdraw this invitation?"
        confirmLabel="Withdraw"
        cancelLabel="Keep it"
        busy={change.isPending}
        onCancel={() => setDialog(null)}
        onConfirm={() => {
          if (dialog?.kind !== 'revoke') return;
          const { member } = dialog;
          run(
            `revoke:${member.id}`,
            () => teamsApi.revoke(member.id),
            `The invitation to ${member.email} is withdrawn.`,
          );
        }}
      >
        {dialog?.kind === 'revoke' && `The link mailed to ${dialog.member.email} stops working.`}
      </ConfirmDialog>
    </>
  );
}

/** A member's action: it needs the server at once, so it is disabled offline and says why. */
function ServerButton({
  server,
  ...props
}: ButtonProps & { server: { offline: boolean; describedBy: string | undefined } }) {
  return (
    <Button
      size="sm"
      buttonStyle="outline"
      disabled={server.offline}
      aria-describedby={server.describedBy}
      {...props}
    />
  );
}

function InviteDialog({
  team,
  busy,
  error,
  onClose,
  onInvite,
}: {
  team: Team;
  busy: boolean;
  error: string | null;
  onClose: () => void;
  onInvite: (body: { email: string; name: string; duties: TeamDuty[] }) => void;
}) {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [duties, setDuties] = useState<TeamDuty[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = () => {
    const parsed = inviteMemberBody.safeParse({ name, email, duties });
    if (!parsed.success) {
      setErrors(issuesByPath(parsed.error.issues));
      return;
    }
    setErrors({});
    onInvite(parsed.data);
  };
  return (
    <FormDialog
      open
      title="Invite a member"
      description="They get an email with a link to choose their password, then sign in for your organisation."
      submitLabel="Send invitation"
      busy={busy}
      error={error && !(error in errors) ? error : null}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextField
        label="Name"
        required
        autoFocus
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={errors.name}
      />
      <TextField
        label="Email"
        type="email"
        required
        autoComplete="off"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={errors.email}
      />
      <CheckboxGroup
        legend="Duties"
        options={team.duties}
        labels={TEAM_DUTY_LABELS}
        value={duties}
        onChange={(next) => setDuties(next as TeamDuty[])}
        error={errors.duties}
        hint="What this member may do. You can change it later."
      />
    </FormDialog>
  );
}

function EditDialog({
  team,
  member,
  busy,
  error,
  onClose,
  onSave,
}: {
  team: Team;
  member: TeamMember;
  busy: boolean;
  error: string | null;
  onClose: () => void;
  onSave: (body: { duties: TeamDuty[]; isOwner: boolean }) => void;
}) {
  const [duties, setDuties] = useState<TeamDuty[]>(member.duties);
  const [isOwner, setIsOwner] = useState(member.isOwner);
  return (
    <FormDialog
      open
      title={`Duties of ${member.name ?? member.email}`}
      submitLabel="Save"
      busy={busy}
      error={error}
      onSubmit={() => onSave({ duties, isOwner })}
      onClose={onClose}
    >
      <CheckboxGroup
        legend="Duties"
        options={team.duties}
        labels={TEAM_DUTY_LABELS}
        value={duties}
        onChange={(next) => setDuties(next as TeamDuty[])}
      />
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          className="checkbox checkbox-sm"
          checked={isOwner}
          onChange={(e) => setIsOwner(e.target.checked)}
        />
        Owner: holds every duty and changes the team
      </label>
    </FormDialog>
  );
}
