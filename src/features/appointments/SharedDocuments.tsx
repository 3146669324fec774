import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { CARE_ACCESS_DAYS } from '../../../domain/rules/careAccess.ts';
import { formatDateTime } from '../../../domain/rules/format.ts';
import {
  appointmentKeys,
  appointmentsApi,
  getAppointmentDocumentsQueryOptions,
  type Appointment,
  type SharedDocument,
} from '../../api/appointments.ts';
import { messageOf } from '../../api/http.ts';
import { getDocumentsForSharingQueryOptions, patientsApi } from '../../api/patients.ts';
import { Button } from '../../ui/Button.tsx';
import { saveBlob } from '../../ui/saveBlob.ts';
import { useToast } from '../../ui/toast/index.ts';
import { LoadError, Loading } from '../../ui/LoadStates.tsx';
import { useNeedsConnection } from '../../offline/NeedsConnection.tsx';

/** Enough for a picker: the server's page limit. */
const MY_DOCUMENTS_LIMIT = 100;

/**
 * "Documents shared with this visit": the patient chooses which of their documents the visit's
 * doctor and hospital see, and stops sharing; the provider lists them with downloads (only while the
 * appointment is a care relationship: domain/rules/careAccess.ts).
 */
export function SharedDocuments({ appointment, viewer }: { appointment: Appointment; viewer: 'patient' | 'other' }) {
  const titleId = useId();
  const shared = useQuery({
    ...getAppointmentDocumentsQueryOptions(appointment.id, appointment.status),
  });
  const isPatient = viewer === 'patient';
  // Sharing and stopping need the server at once; offline, both say so.
  const server = useNeedsConnection();

  return (
    <section aria-labelledby={titleId} className="card border border-base-300 bg-base-100">
      <div className="card-body gap-3 p-4 sm:p-6">
        <h2 id={titleId} className="text-lg font-semibold">
          Documents shared with this visit
        </h2>
        <p className="text-sm text-base-content/70">
          {isPatient
            ? `The doctor and hospital of this visit see only the documents you share here, while it is accepted or confirmed and for ${CARE_ACCESS_DAYS} days after it is completed.`
            : 'Patients choose which of their documents each visit sees.'}
        </p>
        {shared.isPending ? (
          <Loading inline what="shared documents" />
        ) : shared.isError ? (
          <LoadError what="the shared documents" error={shared.error} retry={() => void shared.refetch()} />
        ) : (
          <>
            {isPatient && server.note}
            {isPatient && (
              <ShareForm
                appointment={appointment}
                sharedIds={shared.data.documents.map((doc) => doc.id)}
                offline={server.offline}
                describedBy={server.describedBy}
              />
            )}
            {shared.data.documents.length === 0 ? (
              <p className="text-sm text-base-content/70">
                {isPatient
                  ? 'Nothing shared with this visit yet.'
                  : !shared.data.careRelationship
                    ? 'You see the documents the patient shares with this visit once the appointment is accepted (and for ' +
                      `${CARE_ACCESS_DAYS} days after it is completed).`
                    : 'The patient has not shared any documents with this visit. Patients share documents with a visit from its page.'}
              </p>
            ) : (
              <ul className="divide-y divide-base-300" aria-label="Documents shared with this visit">
                {shared.data.documents.map((doc) => (
                  <SharedDocumentRow
                    key={doc.id}
                    appointmentId={appointment.id}
                    document={doc}
                    isPatient={isPatient}
                    offline={server.offline}
                    describedBy={server.describedBy}
                  />
                ))}
              </ul>
            )}
          </>
        )}
      </div>
    </section>
  );
}

type ServerOnly = { offline: boolean; describedBy: string | undefined };

function ShareForm({
  appointment,
  sharedIds,
  offline,
  describedBy,
}: { appointment: Appointment; sharedIds: string[] } & ServerOnly) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const selectId = useId();
  const patientId = appointment.patient.id;
  const [choice, setChoice] = useState('');
  const mine = useQuery({
    ...getDocumentsForSharingQueryOptions(patientId, MY_DOCUMENTS_LIMIT),
  });
  const share = useMutation({
    mutationFn: (documentId: string) => appointmentsApi.shareDocument(appointment.id, documentId),
    onSuccess: async () => {
      setChoice('');
      toast.success('Shared with this visit.', { title: 'Success' });
      await queryClient.invalidateQueries({ queryKey: appointmentKeys.documents(appointment.id) });
    },
    onError: (error) => toast.error(`Could not share the document: ${messageOf(error)}`, { title: 'Error' }),
  });

  if (mine.isPending) {
    return <Loading inline what="your documents" />;
  }
  if (mine.isError) {
    return <LoadError what="your documents" error={mine.error} retry={() => void mine.refetch()} />;
  }
  const unshared = mine.data.documents.filter((doc) => !sharedIds.includes(doc.id));
  if (mine.data.documents.length === 0) {
    return (
      <p className="text-sm text-base-content/70">
        You have no documents to share yet.{' '}
        <Link to="/medical-records" className="link link-primary">
          Upload them under Medical Records
        </Link>
        .
      </p>
    );
  }
  if (unshared.length === 0) {
    return <p className="text-sm text-base-content/70">Every one of your documents is shared with this visit.</p>;
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (choice) share.mutate(choice);
  };
  const selected = unshared.some((doc) => doc.id === choice) ? choice : '';
  return (
    <form onSubmit={submit} className="flex flex-col gap-2 sm:flex-row sm:items-end">
      <label htmlFor={selectId} className="flex min-w-0 flex-1 flex-col gap-1 text-sm">
        <span className="font-medium">Share one of your documents</span>
        <select
          id={selectId}
          className="select w-full"
          value={selected}
          onChange={(event) => setChoice(event.target.value)}
        >
          <option value="">Choose a document…</option>
          {unshared.map((doc) => (
            <option key={doc.id} value={doc.id}>
              {doc.title} ({doc.fileName})
            </option>
          ))}
        </select>
      </label>
      <Button
        type="submit"
        size="md"
        loading={share.isPending}
        isDisabled={!selected || offline}
        aria-describedby={describedBy}
      >
        Share
      </Button>
    </form>
  );
}

function SharedDocumentRow({
  appointmentId,
  document: doc,
  isPatient,
  offline,
  describedBy,
}: {
  appointmentId: string;
  document: SharedDocument;
  isPatient: boolean;
} & ServerOnly) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const [downloading, setDownloading] = useState(false);
  const unshare = useMutation({
    mutationFn: () => appointmentsApi.unshareDocument(appointmentId, doc.id),
    onSuccess: async () => {
      toast.success(`${doc.title} is no longer shared with this visit.`, { title: 'Success' });
      await queryClient.invalidateQueries({ queryKey: appointmentKeys.documents(appointmentId) });
    },
    onError: (error) => toast.error(`Could not stop sharing ${doc.title}: ${messageOf(error)}`, { title: 'Error' }),
  });
  const download = async () => {
    setDownloading(true);
    try {
      saveBlob(await patientsApi.documentContent(doc.patientId, doc.id), doc.fileName);
    } catch (error) {
      toast.error(`Could not download ${doc.fileName}: ${messageOf(error)}`, { title: 'Error' });
    } finally {
      setDownloading(false);
    }
  };
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-3">
      <div className="min-w-0">
        <p className="font-medium break-words">{doc.title}</p>
        <p className="text-xs text-base-content/70 break-all">
          {doc.fileName} · shared {formatDateTime(doc.sharedAt)}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          buttonStyle="outline"
          loading={downloading}
          aria-label={`Download ${doc.title}`}
          onClick={() => void download()}
        >
          Download
        </Button>
        {isPatient && (
          <Button
            size="sm"
            buttonStyle="outline"
            variant="danger"
            loading={unshare.isPending}
            disabled={offline}
            aria-describedby={describedBy}
            aria-label={`Stop sharing ${doc.title}`}
            onClick={() => unshare.mutate()}
          >
            Stop sharing
          </Button>
        )}
      </div>
    </li>
  );
}
