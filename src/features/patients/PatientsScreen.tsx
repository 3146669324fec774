import { useQuery } from '@tanstack/react-query';
import { OfflineNotice } from '../../offline/OfflineMarks.tsx';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { BLOOD_GROUPS, BLOOD_GROUP_LABELS, INDIAN_STATES, INDIAN_STATE_LABELS } from '../../../domain/enums.ts';
import { CARE_ACCESS_DAYS } from '../../../domain/rules/careAccess.ts';
import { formatDate } from '../../../domain/rules/format.ts';
import { formatPhone } from '../../../domain/rules/phone.ts';
import { messageOf } from '../../api/http.ts';
import { getPatientsQueryOptions } from '../../api/patients.ts';
import { Button } from '../../ui/Button.tsx';
import { Pagination } from '../../ui/Pagination.tsx';
import { usePageTitle } from '../../ui/usePageTitle.ts';

const TEXT_FILTERS = [
  ['firstName', 'First name'],
  ['lastName', 'Last name'],
  ['phoneNumber', 'Phone'],
  ['email', 'Email'],
  ['city', 'City'],
] as const;

/** The doctor's patients with the SPEC §3 filters, all kept in the URL. */
export function PatientsScreen() {
  usePageTitle('Patients');
  const [params, setParams] = useSearchParams();
  const [draft, setDraft] = useState<Record<string, string>>(() => Object.fromEntries(params.entries()));
  const query = Object.fromEntries(params.entries());

  const patients = useQuery({
    ...getPatientsQueryOptions(query),
    placeholderData: (previous) => previous,
  });

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const next = Object.fromEntries(
      Object.entries(draft).filter(([key, value]) => key !== 'page' && value.trim() !== ''),
    );
    setParams(new URLSearchParams(next));
  };
  const field = (key: string) => ({
    value: draft[key] ?? '',
    onChange: (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [key]: e.target.value })),
  });

  return (
    <section aria-labelledby="patients-title" className="flex flex-col gap-4">
      <h1 id="patients-title" className="text-2xl font-bold tracking-tight">
        Patients
      </h1>
      <OfflineNotice />
      <form
        role="search"
        aria-label="Filter patients"
        onSubmit={apply}
        className="card border border-base-300 bg-base-100"
      >
        <div className="card-body grid grid-cols-1 gap-3 p-4 sm:grid-cols-2 lg:grid-cols-4">
          {TEXT_FILTERS.map(([key, label]) => (
            <label key={key} className="flex flex-col gap-1 text-sm">
              {label}
              <input className="input w-full" {...field(key)} />
            </label>
          ))}
          <label className="flex flex-col gap-1 text-sm">
            Blood group
            <select className="select w-full" {...field('bloodGroup')}>
              <option value="">Any</option>
              {BLOOD_GROUPS.map((b) => (
                <option key={b} value={b}>
                  {BLOOD_GROUP_LABELS[b]}
                </option>
              ))}
            </select>
          </label>
          <label className="flex flex-col gap-1 text-sm">
            State
            <select className="select w-full" {...field('state')}>
              <option value="">All states</option>
              {INDIAN_STATES.map((s) => (
                <option key={s} value={s}>
                  {INDIAN_STATE_LABELS[s]}
                </option>
              ))}
            </select>
          </label>
          <label className="flex flex-col gap-1 text-sm">
            Sort by
            <select className="select w-full" {...field('sortBy')}>
              <option value="">Last name</option>
              <option value="firstName">First name</option>
              <option value="createdAt">Newest</option>
              <option value="dateOfBirth">Date of birth</option>
            </select>
          </label>
          <div className="flex items-end">
            <Button type="submit" className="w-full">
              Apply filters
            </Button>
          </div>
        </div>
      </form>
      {patients.isPending && (
        <div role="status" className="flex items-center gap-2 py-8 text-base-content/70">
          <span className="loading loading-spinner loading-md" aria-hidden="true" /> Loading patients…
        </div>
      )}
      {patients.isError && (
        <div role="alert" className="alert alert-error alert-soft">
          Could not load patients: {messageOf(patients.error)}
        </div>
      )}
      {patients.data && patients.data.patients.length === 0 && (
        <div role="status" className="rounded-box border border-dashed border-base-300 p-8 text-center">
          <p className="font-medium">No patients to show.</p>
          <p className="text-sm text-base-content/70">
            Patients appear here once you accept their appointment, and stay for {CARE_ACCESS_DAYS} days after a
            completed visit. You see the documents a patient shares with their visit on the appointment's page.
          </p>
        </div>
      )}
      {patients.data && patients.data.patients.length > 0 && (
        <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Date of birth</th>
                <th scope="col">Blood group</th>
                <th scope="col">Phone</th>
                <th scope="col">City</th>
              </tr>
            </thead>
            <tbody>
              {patients.data.patients.map((p) => (
                <tr key={p.id}>
                  <td className="font-medium">
                    {p.firstName} {p.lastName}
                  </td>
                  <td>{formatDate(p.dateOfBirth)}</td>
                  <td>{p.bloodGroup ? BLOOD_GROUP_LABELS[p.bloodGroup] : '—'}</td>
                  <td>{p.phone ? formatPhone(p.phone) : '—'}</td>
                  <td>{p.city ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {patients.data && (
        <Pagination
          pagination={patients.data.pagination}
          onPage={(page) => setParams(new URLSearchParams({ ...query, page: String(page) }))}
        />
      )}
    </section>
  );
}
