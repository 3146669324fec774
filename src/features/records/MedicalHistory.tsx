import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { SEVERITIES, SEVERITY_LABELS } from '../../../domain/enums.ts';
import { formatDate } from '../../../domain/rules/format.ts';
import { todayInIndia } from '../../../domain/rules/time.ts';
import { medicalHistoryBody } from '../../../domain/schemas/patients.ts';
import { messageOf } from '../../api/http.ts';
import { getMedicalHistoryQueryOptions, patientKeys, patientsApi } from '../../api/patients.ts';
import { issuesToErrors } from '../../ui/form/fieldErrors.ts';
import { SelectField } from '../../ui/form/SelectField.tsx';
import { TextField } from '../../ui/form/TextField.tsx';
import { Pagination } from '../../ui/Pagination.tsx';
import { useToast } from '../../ui/toast/index.ts';
import { LoadError, Loading } from '../../ui/LoadStates.tsx';
import { firstAnswerIn, useLoadedTogether } from '../../ui/LoadTogether.tsx';
import { StatusBadge } from '../../ui/StatusBadge.tsx';
import { PAGE_SIZE, usePageParam } from './usePageParam.ts';
import { OnlineButton } from '../../offline/NeedsConnection.tsx';

const EMPTY_ENTRY = { condition: '', diagnosedOn: '', severity: '', notes: '' };

/** The conditions the patient has been diagnosed with, and a form to add one. */
export function MedicalHistory({ patientId }: { patientId: string }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const notesId = useId();
  const [page, setPage] = usePageParam('historyPage');
  const [entry, setEntry] = useState(EMPTY_ENTRY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const history = useQuery({
    ...getMedicalHistoryQueryOptions(patientId, page, PAGE_SIZE),
  });
  useLoadedTogether(firstAnswerIn(history));
  const set = (key: keyof typeof EMPTY_ENTRY, value: string) => setEntry((e) => ({ ...e, [key]: value }));

  const add = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = medicalHistoryBody.safeParse({
      condition: entry.condition,
      diagnosedOn: entry.diagnosedOn || undefined,
      severity: entry.severity || undefined,
      notes: entry.notes.trim() || undefined,
    });
    if (!parsed.success) {
      setErrors(issuesToErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await patientsApi.addMedicalHistory(patientId, parsed.data);
      toast.success('Medical history entry added.', { title: 'Success' });
      setEntry(EMPTY_ENTRY);
      await queryClient.invalidateQueries({ queryKey: patientKeys.allMedicalHistory(patientId) });
      setPage(1);
    } catch (error) {
      toast.error(`Could not add the entry: ${messageOf(error)}`, { title: 'Error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="history-title" className="card border border-base-300 bg-base-100">
      <div className="card-body gap-4 p-4 sm:p-6">
        <h2 id="history-title" className="text-lg font-semibold">
          Medical history
        </h2>
        <form
          onSubmit={(e) => void add(e)}
          noValidate
          aria-label="Add a medical history entry"
          className="grid grid-cols-1 gap-3 rounded-box border border-base-300 p-3 sm:grid-cols-3"
        >
          <TextField
            label="Condition"
            value={entry.condition}
            onChange={(e) => set('condition', e.target.value)}
            error={errors.condition}
            required
          />
          <TextField
            label="Diagnosed on"
            type="date"
            max={todayInIndia()}
            value={entry.diagnosedOn}
            onChange={(e) => set('diagnosedOn', e.target.value)}
            error={errors.diagnosedOn}
          />
          <SelectField
            label="Severity"
            options={SEVERITIES}
            labels={SEVERITY_LABELS}
            placeholder="Not stated"
            value={entry.severity}
            onChange={(e) => set('severity', e.target.value)}
            error={errors.severity}
          />
          <div className="flex flex-col gap-1 sm:col-span-3">
            <label htmlFor={notesId} className="text-sm font-medium">
              Notes
            </label>
            <textarea
              id={notesId}
              className={`textarea w-full ${errors.notes ? 'textarea-error' : ''}`}
              rows={2}
              value={entry.notes}
              aria-invalid={errors.notes ? true : undefined}
              aria-describedby={errors.notes ? `${notesId}-error` : undefined}
              onChange={(e) => set('notes', e.target.value)}
            />
            {errors.notes && (
              <p id={`${notesId}-error`} className="text-sm text-error" role="alert">
                {errors.notes}
              </p>
            )}
          </div>
          <div className="sm:col-span-3">
            <OnlineButton type="submit" loading={busy} loadingText="Adding…">
              Add entry
            </OnlineButton>
          </div>
        </form>
        {history.isPending ? (
          <Loading inline what="medical history" />
        ) : history.isError ? (
          <LoadError what="your medical history" error={history.error} retry={() => void history.refetch()} />
        ) : history.data.medicalHistory.length === 0 ? (
          <p className="text-sm text-base-content/70">No conditions recorded yet.</p>
        ) : (
          <>
            <ul className="divide-y divide-base-300" aria-label="Your medical history">
              {history.data.medicalHistory.map((h) => (
                <li key={h.id} className="flex flex-col gap-1 py-3">
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="font-medium">{h.condition}</span>
                    {h.severity && (
                      <StatusBadge
                        size="sm"
                        tone={h.severity === 'SEVERE' ? 'error' : h.severity === 'MODERATE' ? 'warning' : 'info'}
                      >
                        {SEVERITY_LABELS[h.severity]}
                      </StatusBadge>
                    )}
                  </div>
                  <p className="text-xs text-base-content/70">
                    {h.diagnosedOn ? `Diagnosed ${formatDate(h.diagnosedOn)}` : 'Diagnosis date not stated'} · recorded{' '}
                    {formatDate(h.createdAt)}
                  </p>
                  {h.notes && <p className="text-sm break-words">{h.notes}</p>}
                </li>
              ))}
            </ul>
            <Pagination pagination={history.data.pagination} onPage={setPage} />
          </>
        )}
      </div>
    </section>
  );
}
