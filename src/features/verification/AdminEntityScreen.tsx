import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import {
  DOCUMENT_TYPE_LABELS,
  INDIAN_STATE_LABELS,
  ONBOARDING_REQUIRED_ACTION_LABELS,
  PROVIDER_KIND_LABELS,
  RECORD_STATUS_LABELS,
  REGISTRY_CHECK_LABELS,
  type IndianState,
} from '../../../domain/enums.ts';
import { formatDate, formatDateTime } from '../../../domain/rules/format.ts';
import { formatPhone } from '../../../domain/rules/phone.ts';
import { isAwaitingReview } from '../../../domain/rules/verification.ts';
import {
  getVerificationEntityQueryOptions,
  type AdminEntity,
  type ChecklistEntry,
  type Decision,
} from '../../api/verification.ts';
import { OfflineNotice } from '../../offline/OfflineMarks.tsx';
import { Button } from '../../ui/Button.tsx';
import { DetailList } from '../../ui/DetailList.tsx';
import { EmptyState, LoadError, Loading } from '../../ui/LoadStates.tsx';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { DocumentStatusBadge, UrgencyBadge, VerificationStatusBadge } from '../../ui/VerificationBadges.tsx';
import { EntityStatusControl } from './EntityStatusControl.tsx';
import { decisionWords, entityPath, entityTypeOf, reviewActionsFor } from './model.ts';
import { ChecklistParts, DocumentDetails, DocumentFiles, ReviewNote } from './parts.tsx';
import { ReviewForm } from './ReviewForm.tsx';
import { VersionList } from './VersionHistory.tsx';

/** One provider's verification, as the admin reviews it (SPEC §2 /admin/verifications/{entityId}). */
export function AdminEntityScreen() {
  const { entityId = '' } = useParams();
  const [params] = useSearchParams();
  const entity = useQuery(getVerificationEntityQueryOptions(entityId, entityTypeOf(params.get('entityType'))));
  usePageTitle(entity.data ? `Verify ${entity.data.profile.name}` : 'Verification');
  return (
    <section aria-labelledby="entity-title" className="mx-auto flex w-full max-w-5xl flex-col gap-5">
      <Link to="/admin/verifications" className="link link-primary w-fit text-sm">
        Back to Verifications
      </Link>
      {entity.isPending ? (
        <>
          <h1 id="entity-title" className="text-2xl font-bold tracking-tight">
            Verification
          </h1>
          <OfflineNotice />
          <Loading what="the provider" />
        </>
      ) : entity.isError ? (
        <>
          <h1 id="entity-title" className="text-2xl font-bold tracking-tight">
            Verification
          </h1>
          <OfflineNotice />
          <LoadError what="the provider" error={entity.error} retry={() => void entity.refetch()} />
        </>
      ) : (
        <EntityView entity={entity.data} />
      )}
    </section>
  );
}

function EntityView({ entity }: { entity: AdminEntity }) {
  const { profile } = entity;
  return (
    <>
      <header className="flex flex-wrap items-center gap-3">
        <h1 id="entity-title" className="text-2xl font-bold tracking-tight break-words">
          {profile.name}
        </h1>
        <span className="text-sm text-base-content/70">{PROVIDER_KIND_LABELS[entity.entityType]}</span>
        <VerificationStatusBadge status={entity.verificationStatus} />
      </header>
      <OfflineNotice />
      {entity.duplicates.length > 0 && (
        <div className="alert alert-warning flex flex-col items-start gap-1 text-sm" role="note">
          <p className="font-semibold">Check this number: another provider uses it too.</p>
          <ul className="list-disc pl-5">
            {entity.duplicates.map((duplicate) => (
              <li key={`${duplicate.documentType ?? 'profile'}-${duplicate.other.entityId}`}>
                This registration number
                {duplicate.documentType ? ` (${DOCUMENT_TYPE_LABELS[duplicate.documentType]})` : ''},{' '}
                <span className="font-mono">{duplicate.number}</span>, is also used by{' '}
                <Link
                  to={entityPath(duplicate.other.entityId, duplicate.other.entityType)}
                  className="link font-semibold"
                >
                  {duplicate.other.name}
                </Link>{' '}
                ({PROVIDER_KIND_LABELS[duplicate.other.entityType].toLowerCase()}).
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <section aria-labelledby="entity-profile" className="card border border-base-300 bg-base-100">
          <div className="card-body gap-3 p-4">
            <h2 id="entity-profile" className="text-lg font-semibold">
              Profile
            </h2>
            <DetailList
              rows={[
                [profile.registrationLabel, profile.registrationNumber ?? 'Not given'],
                ['Email', profile.email ?? ''],
                ['Phone', profile.phone ? formatPhone(profile.phone) : ''],
                [
                  'Place',
                  [profile.city, INDIAN_STATE_LABELS[profile.state as IndianState] ?? profile.state]
                    .filter(Boolean)
                    .join(', '),
                ],
                ['Record status', RECORD_STATUS_LABELS[profile.status]],
                ['Joined', formatDate(profile.createdAt)],
              ]}
            />
          </div>
        </section>
        <section aria-labelledby="entity-status" className="card border border-base-300 bg-base-100">
          <div className="card-body gap-3 p-4">
            <h2 id="entity-status" className="text-lg font-semibold">
              Status
            </h2>
            <DetailList
              rows={[
                ['Verification', <VerificationStatusBadge key="status" status={entity.verificationStatus} />],
                ['Provider’s next step', ONBOARDING_REQUIRED_ACTION_LABELS[entity.requiredAction]],
                [
                  'Directory',
                  entity.listed
                    ? entity.listedUntil
                      ? `Listed until ${formatDate(entity.listedUntil)}`
                      : 'Listed'
                    : 'Not listed',
                ],
              ]}
            />
            <EntityStatusControl
              entityId={entity.entityId}
              entityType={entity.entityType}
              name={profile.name}
              allowedStatuses={entity.allowedStatuses}
            />
          </div>
        </section>
      </div>
      <ChecklistParts
        items={entity.checklist.filter((item) => item.required || item.document)}
        level={2}
        idPrefix="entity"
        renderRow={(item) => <AdminChecklistRow key={item.documentType} entity={entity} item={item} />}
      />
      <OptionalNotUploaded items={entity.checklist} />
      <Decisions decisions={entity.decisions} />
    </>
  );
}

function AdminChecklistRow({ entity, item }: { entity: AdminEntity; item: ChecklistEntry }) {
  const label = DOCUMENT_TYPE_LABELS[item.documentType];
  const historyId = useId();
  const [historyOpen, setHistoryOpen] = useState(false);
  // A decided document's form opens on demand (a later finding can still send it back).
  const [reviewAgain, setReviewAgain] = useState(false);
  const doc = item.document;
  const [reviewedStatus, setReviewedStatus] = useState(doc?.status);
  if (reviewedStatus !== doc?.status) {
    setReviewedStatus(doc?.status);
    setReviewAgain(false);
  }
  const versions = entity.history.filter((version) => version.documentType === item.documentType);
  return (
    <li className="card border border-base-300 bg-base-100">
      <div className="card-body gap-3 p-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <h4 className="font-semibold break-words">{label}</h4>
            {item.requiredBecause && (
              <p className="text-sm text-base-content/70">
                Required because {item.requiredBecause.replace(/^your profile/, 'the profile')}
              </p>
            )}
          </div>
          <div className="flex flex-wrap gap-1">
            <DocumentStatusBadge status={item.status} />
            {item.urgency && <UrgencyBadge urgency={item.urgency} />}
          </div>
        </div>
        {doc ? (
          <>
            <DocumentDetails document={doc} numberLabel={item.numberLabel} />
            <ReviewNote document={doc} />
            <DocumentFiles
              files={doc.files}
              documentLabel={`${label}, version ${doc.version}`}
              openFirst={isAwaitingReview(doc.status)}
            />
            {isAwaitingReview(doc.status) || reviewAgain ? (
              <ReviewForm entityId={entity.entityId} entityType={entity.entityType} document={doc} />
            ) : (
              reviewActionsFor(doc.status).length > 0 && (
                <div>
                  <Button
                    size="sm"
                    buttonStyle="outline"
                    aria-label={`Change the decision on ${label}`}
                    onClick={() => setReviewAgain(true)}
                  >
                    Change decision
                  </Button>
                </div>
              )
            )}
          </>
        ) : (
          <p className="text-sm text-base-content/70">Not uploaded yet.</p>
        )}
        {versions.length > 1 && (
          <div>
            <Button
              size="sm"
              buttonStyle="ghost"
              aria-expanded={historyOpen}
              aria-controls={historyId}
              aria-label={`${historyOpen ? 'Hide' : 'Show'} version history of ${label}`}
              onClick={() => setHistoryOpen((open) => !open)}
            >
              {historyOpen ? 'Hide version history' : `Version history (${versions.length} versions)`}
            </Button>
          </div>
        )}
        <div id={historyId}>{historyOpen && <VersionList versions={versions} numberLabel={item.numberLabel} />}</div>
      </div>
    </li>
  );
}

/** Every decision on this provider, newest first: who, when, what, why, and what was checked. */
function Decisions({ decisions }: { decisions: readonly Decision[] }) {
  return (
    <section aria-labelledby="entity-decisions" className="card border border-base-300 bg-base-100">
      <div className="card-body gap-3 p-4">
        <h2 id="entity-decisions" className="text-lg font-semibold">
          Decisions
        </h2>
        {decisions.length === 0 ? (
          <EmptyState title="No decisions yet." />
        ) : (
          <ol className="flex flex-col divide-y divide-base-300" aria-label="Decisions, newest first">
            {decisions.map((decision, index) => (
              <li key={`${decision.at}-${index}`} className="flex flex-col gap-0.5 py-2 text-sm">
                <p>
                  <span className="font-medium">{formatDateTime(decision.at)}</span>
                  {' · '}
                  {decision.by ?? 'System'}
                </p>
                <p>
                  {decision.documentType
                    ? `${DOCUMENT_TYPE_LABELS[decision.documentType]}${decision.version ? `, version ${decision.version}` : ''}`
                    : 'Provider status'}
                  : {decisionWords(decision)}
                </p>
                {decision.reason && <p className="break-words">Reason: {decision.reason}</p>}
                {decision.registryCheck && (
                  <p className="text-base-content/80">
                    {REGISTRY_CHECK_LABELS[decision.registryCheck]}
                    {decision.checkNote ? ` — ${decision.checkNote}` : ''}
                  </p>
                )}
              </li>
            ))}
          </ol>
        )}
      </div>
    </section>
  );
}

/** Optional documents the provider has not uploaded, in one line rather than a card each. */
function OptionalNotUploaded({ items }: { items: readonly ChecklistEntry[] }) {
  const missing = items.filter((item) => !item.required && !item.document);
  if (missing.length === 0) return null;
  return (
    <p className="text-sm text-base-content/80">
      <span className="font-medium">Optional, not uploaded: </span>
      {missing.map((item) => DOCUMENT_TYPE_LABELS[item.documentType]).join(', ')}.
    </p>
  );
}
