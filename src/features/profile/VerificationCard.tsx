import { useQuery } from '@tanstack/react-query';
import { REQUIRED_ACTION_WORDS } from '../../../domain/rules/verification.ts';
import { getMyVerificationQueryOptions } from '../../api/verification.ts';
import { LoadError, Loading } from '../../ui/LoadStates.tsx';
import { ChecklistSummary } from '../../ui/VerificationBadges.tsx';
import { ProfileCard } from './profileParts.tsx';

/** The provider's verification in brief on its profile: what to do next, the required documents, the way to them. */
export function VerificationCard() {
  const verification = useQuery(getMyVerificationQueryOptions());
  return (
    <ProfileCard id="profile-verification-title" title="Verification">
      {verification.isPending ? (
        <Loading inline what="your verification" />
      ) : verification.isError ? (
        <LoadError what="your verification" error={verification.error} retry={() => void verification.refetch()} />
      ) : (
        <>
          <p className="text-sm">{REQUIRED_ACTION_WORDS[verification.data.requiredAction]}</p>
          <ChecklistSummary items={verification.data.checklist} label="Required documents" onlyRequired documentsLink />
        </>
      )}
    </ProfileCard>
  );
}
