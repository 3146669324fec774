import { useQuery } from '@tanstack/react-query';
import { OfflineNotice } from '../../offline/OfflineMarks.tsx';
import { ButtonLink } from '../../ui/Button.tsx';
import { LoadError, Loading } from '../../ui/LoadStates.tsx';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { ChecklistSummary } from '../../ui/VerificationBadges.tsx';
import { getMyVerificationQueryOptions } from '../../api/verification.ts';
import { StandingPanel } from './StandingPanel.tsx';

/** Where the hospital stands with the admins (SPEC §2 /verification), and what to do next. */
export function VerificationScreen() {
  usePageTitle('Verification');
  const verification = useQuery(getMyVerificationQueryOptions());
  return (
    <section aria-labelledby="verification-title" className="mx-auto flex w-full max-w-4xl flex-col gap-5">
      <div>
        <h1 id="verification-title" className="text-2xl font-bold tracking-tight">
          Verification
        </h1>
        <p className="text-sm text-base-content/70">
          Patients find and book a hospital once an admin has checked its documents.
        </p>
      </div>
      <OfflineNotice />
      {verification.isPending ? (
        <Loading what="your verification" />
      ) : verification.isError ? (
        <LoadError what="your verification" error={verification.error} retry={() => void verification.refetch()} />
      ) : (
        <>
          <StandingPanel verification={verification.data} headingId="verification-standing" />
          <section aria-labelledby="verification-checklist" className="card border border-base-300 bg-base-100">
            <div className="card-body gap-3 p-4 sm:p-6">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h2 id="verification-checklist" className="text-lg font-semibold">
                  Checklist
                </h2>
                <ButtonLink to="/documents" size="sm">
                  Go to Documents
                </ButtonLink>
              </div>
              <ChecklistSummary items={verification.data.checklist} label="Documents and what to do next" />
            </div>
          </section>
        </>
      )}
    </section>
  );
}
