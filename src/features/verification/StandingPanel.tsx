import type { OnboardingRequiredAction } from '../../../domain/enums.ts';
import { REQUIRED_ACTION_WORDS } from '../../../domain/rules/verification.ts';
import type { MyVerification } from '../../api/verification.ts';
import { VerificationStatusBadge } from '../../ui/VerificationBadges.tsx';
import { listingWords } from './model.ts';

// A coloured edge beside text in the page's own colour: warning yellow as text fails contrast.
const ACTION_EDGE: Record<OnboardingRequiredAction, string> = {
  UPDATE_EXPIRED_DOCUMENTS: 'border-error',
  REUPLOAD_REJECTED_DOCUMENTS: 'border-warning',
  UPLOAD_PENDING_DOCUMENTS: 'border-warning',
  AWAITING_VERIFICATION: 'border-info',
  NONE: 'border-success',
};

/** Where the provider stands: its status, what it must do next, and whether patients find it. */
export function StandingPanel({ verification: v, headingId }: { verification: MyVerification; headingId: string }) {
  return (
    <section aria-labelledby={headingId} className="card border border-base-300 bg-base-100">
      <div className="card-body gap-3 p-4 sm:p-6">
        <div className="flex flex-wrap items-center gap-2">
          <h2 id={headingId} className="text-lg font-semibold">
            Where you stand
          </h2>
          <VerificationStatusBadge status={v.verificationStatus} />
        </div>
        <p
          className={`rounded-field border-l-4 bg-base-200/60 p-3 text-sm font-medium ${ACTION_EDGE[v.requiredAction]}`}
        >
          {REQUIRED_ACTION_WORDS[v.requiredAction]}
        </p>
        <p className="text-sm">{listingWords(v)}</p>
        {v.listed && v.listedUntil === null && (
          <p className="text-sm text-base-content/70">
            If a required document expires, you stay listed for {v.graceDays} more days while its renewal is reviewed.
          </p>
        )}
      </div>
    </section>
  );
}
