import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { humanizeRole } from '../../../domain/rules/roles.ts';
import { formatDate } from '../../../domain/rules/format.ts';
import { getPublicUserQueryOptions, userKeys } from '../../api/users.ts';
import { OfflineNotice } from '../../offline/OfflineMarks.tsx';
import { LoadError, Loading } from '../../ui/LoadStates.tsx';
import { useAuth } from '../../session/AuthContext.ts';
import { usePageTitle } from '../../ui/usePageTitle.ts';

/** The Agent Profile: the signed-in user's own account, or another user's public fields. */
export function PersonScreen() {
  const { id = '' } = useParams();
  const { user } = useAuth();
  const isSelf = user?.id === id;
  usePageTitle('Agent Profile');
  const other = useQuery({
    ...getPublicUserQueryOptions(id),
    enabled: !isSelf && id !== '',
  });

  const person = isSelf ? user : other.data;
  return (
    <section aria-labelledby="person-title" className="mx-auto flex w-full max-w-2xl flex-col gap-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 id="person-title" className="text-2xl font-bold tracking-tight">
          Agent Profile
        </h1>
        <Link to="/people" className="link link-primary">
          People you work with
        </Link>
      </div>
      <OfflineNotice queryKey={isSelf ? undefined : userKeys.publicUser(id)} />
      {!isSelf && other.isPending && <Loading what="the profile" />}
      {!isSelf && other.isError && (
        <LoadError what="this profile" error={other.error} retry={() => void other.refetch()} />
      )}
      {!isSelf && other.isSuccess && !other.data && (
        <div role="status" className="alert alert-soft">
          There is no one with this id on CareMesh.
        </div>
      )}
      {person && (
        <div className="card border border-base-300 bg-base-100">
          <dl className="card-body grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-[max-content_1fr]">
            <dt className="font-medium text-base-content/70">Name</dt>
            <dd>{person.name ?? '—'}</dd>
            <dt className="font-medium text-base-content/70">Role</dt>
            <dd>{humanizeRole(person.role)}</dd>
            {isSelf && user && (
              <>
                <dt className="font-medium text-base-content/70">Email</dt>
                <dd className="break-all">{user.email}</dd>
                <dt className="font-medium text-base-content/70">Member since</dt>
                <dd>{formatDate(user.createdAt)}</dd>
              </>
            )}
          </dl>
        </div>
      )}
    </section>
  );
}
