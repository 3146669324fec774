import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { DOCUMENT_TYPE_LABELS } from '../../../domain/enums.ts';
import { messageOf } from '../../api/http.ts';
import {
  getMyVerificationQueryOptions,
  verificationApi,
  verificationKeys,
  type ChecklistEntry,
} from '../../api/verification.ts';
import { useNeedsConnection } from '../../offline/NeedsConnection.tsx';
import { OfflineNotice, OutboxStateBadge } from '../../offline/OfflineMarks.tsx';
import { stateInWords } from '../../offline/words.ts';
import { Button } from '../../ui/Button.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { LoadError, Loading } from '../../ui/LoadStates.tsx';
import { useToast } from '../../ui/toast/index.ts';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { DocumentStatusBadge, UrgencyBadge } from '../../ui/VerificationBadges.tsx';
import { useWaitingUploads, type WaitingUpload } from './changes.ts';
import { DocumentUploadDialog } from './DocumentUploadDialog.tsx';
import { canDelete } from './model.ts';
import { ChecklistParts, DocumentDetails, DocumentFiles, ReviewNote } from './parts.tsx';
import { StandingPanel } from './StandingPanel.tsx';
import { ProviderVersionHistory } from './VersionHistory.tsx';

/**
 * A provider's verification documents (SPEC §2 /documents): where it stands, then the checklist by
 * category, required first, each with its state, next step, current version and history.
 */
export function DocumentsScreen() {
  usePageTitle('Documents');
  const verification = useQuery(getMyVerificationQueryOptions());
  const waiting = useWaitingUploads();
  return (
    <section aria-labelledby="documents-title" className="mx-auto flex w-full max-w-4xl flex-col gap-5">
      <div>
        <h1 id="documents-title" className="text-2xl font-bold tracking-tight">
          Documents
        </h1>
        <p className="text-sm text-base-content/70">
          The papers an admin checks before patients can find you: upload each one, replace it when it is renewed.
        </p>
      </div>
      <OfflineNotice />
      {verification.isPending ? (
        <Loading what="your documents" />
      ) : verification.isError ? (
        <LoadError what="your documents" error={verification.error} retry={() => void verification.refetch()} />
      ) : (
        <>
          <StandingPanel verification={verification.data} headingId="documents-standing" />
          <ChecklistParts
            items={verification.data.checklist}
            level={2}
            idPrefix="documents"
            renderRow={(item) => (
              <ChecklistRow
                key={item.documentType}
                item={item}
                waiting={waiting.filter((w) => w.documentType === item.documentType)}
              />
            )}
          />
        </>
      )}
    </section>
  );
}

function ChecklistRow({ item, waiting }: { item: ChecklistEntry; waiting: WaitingUpload[] }) {
  const label = DOCUMENT_TYPE_LABELS[item.documentType];
  const headingId = useId();
  const historyId = useId();
  const [uploading, setUploading] = useState(false);
  const [historyOpen, setHistoryOpen] = useState(false);
  const doc = item.document;
  // One upload at a time per document: a second waits until the first has reached the server.
  const blocked = waiting.some((w) => w.entry.state !== 'conflict');
  return (
    <li className="card border border-base-300 bg-base-100">
      <div className="card-body gap-3 p-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <h4 id={headingId} className="font-semibold break-words">
              {label}
            </h4>
            {item.requiredBecause && (
              <p className="text-sm text-base-content/70">Required because {item.requiredBecause}</p>
            )}
          </div>
          <div className="flex flex-wrap gap-1">
            <DocumentStatusBadge status={item.status} />
            {item.urgency && <UrgencyBadge urgency={item.urgency} />}
          </div>
        </div>
        {item.nextStep && (
          <p className="text-sm">
            <span className="font-medium">Next step: </span>
            {item.nextStep}
          </p>
        )}
        {waiting.map((w) => (
          <WaitingNote key={w.entry.id} waiting={w} />
        ))}
        {doc && (
          <>
            <DocumentDetails document={doc} numberLabel={item.numberLabel} />
            <ReviewNote document={doc} />
            <DocumentFiles files={doc.files} documentLabel={`${label}, version ${doc.version}`} />
          </>
        )}
        <div className="flex flex-wrap items-start gap-2">
          {!blocked && (
            <Button
              size="sm"
              buttonStyle={doc ? 'outline' : 'filled'}
              aria-label={`${doc ? 'Replace' : 'Upload'} ${label}`}
              onClick={() => setUploading(true)}
            >
              {doc ? 'Replace' : 'Upload'}
            </Button>
          )}
          {doc && canDelete(doc.status) && <DeleteDocument item={item} />}
          {doc && (
            <Button
              size="sm"
              buttonStyle="ghost"
              aria-expanded={historyOpen}
              aria-controls={historyId}
              aria-label={`${historyOpen ? 'Hide' : 'Show'} version history of ${label}`}
              onClick={() => setHistoryOpen((open) => !open)}
            >
              {historyOpen ? 'Hide version history' : 'Version history'}
            </Button>
          )}
        </div>
        <div id={historyId}>
          {historyOpen && <ProviderVersionHistory documentType={item.documentType} numberLabel={item.numberLabel} />}
        </div>
      </div>
      <DocumentUploadDialog item={item} open={uploading} onClose={() => setUploading(false)} />
    </li>
  );
}

/** An upload kept on this device until the server has it. */
function WaitingNote({ waiting }: { waiting: WaitingUpload }) {
  const { entry, fileNames } = waiting;
  const words = stateInWords(entry);
  const needsUser = entry.state === 'conflict' || entry.state === 'paused-auth';
  return (
    <div className="flex flex-wrap items-center gap-2 rounded-field border border-dashed border-base-300 p-2 text-sm">
      <OutboxStateBadge entry={entry} size="sm" />
      <span className="min-w-0 break-words">
        {entry.label}
        {fileNames.length > 0 ? `: ${fileNames.join(', ')}` : ''}
        {needsUser && words.detail ? ` — ${words.detail}` : ''}
      </span>
      <Link to="/pending-changes" className="link link-primary">
        {entry.state === 'conflict' ? 'Retry or discard' : 'Pending changes'}
      </Link>
    </div>
  );
}

/** Deleting needs the server at once (it may refuse once a reviewer has decided): disabled offline. */
function DeleteDocument({ item }: { item: ChecklistEntry }) {
  const label = DOCUMENT_TYPE_LABELS[item.documentType];
  const queryClient = useQueryClient();
  const toast = useToast();
  const server = useNeedsConnection();
  const [asking, setAsking] = useState(false);
  const remove = useMutation({
    mutationFn: () => verificationApi.remove(item.documentType),
    onSuccess: async () => {
      setAsking(false);
      toast.success(`${label} deleted.`, { title: 'Success' });
      await queryClient.invalidateQueries({ queryKey: verificationKeys.all });
    },
    onError: () => void queryClient.invalidateQueries({ queryKey: verificationKeys.mine }),
  });
  return (
    <>
      <span className="inline-flex flex-col items-start gap-1">
        <Button
          size="sm"
          variant="danger"
          buttonStyle="ghost"
          disabled={server.offline}
          aria-describedby={server.describedBy}
          aria-label={`Delete ${label}`}
          onClick={() => {
            remove.reset();
            setAsking(true);
          }}
        >
          Delete
        </Button>
        {server.note}
      </span>
      <ConfirmDialog
        open={asking}
        title={`Delete ${label}?`}
        confirmLabel="Delete"
        busy={remove.isPending}
        error={remove.isError ? messageOf(remove.error) : null}
        onConfirm={() => remove.mutate()}
        onCancel={() => setAsking(false)}
      >
        Nobody has reviewed this version yet. Deleting it removes it and its files; earlier versions stay.
      </ConfirmDialog>
    </>
  );
}
