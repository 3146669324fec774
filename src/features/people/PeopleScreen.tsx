import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { humanizeRole } from '../../../domain/rules/roles.ts';
import type { PublicUser } from '../../../domain/schemas/accounts.ts';
import { getPeopleQueryOptions, userKeys } from '../../api/users.ts';
import { OfflineNotice } from '../../offline/OfflineMarks.tsx';
import { useAuth } from '../../session/AuthContext.ts';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/LoadStates.tsx';
import { DataTable, type Column } from '../../ui/dataTable/DataTable.tsx';
import { FilterBar } from '../../ui/dataTable/FilterBar.tsx';
import { useUrlListState } from '../../ui/dataTable/useUrlState.ts';
import { usePageTitle } from '../../ui/usePageTitle.ts';

const MIN_SEARCH = 2;

/**
 * People: everyone the signed-in user may know on CareMesh — themselves, the other accounts of their
 * organisation, and the people on their appointments (an admin, every account) — searchable by name.
 * Each opens their Agent Profile.
 */
export function PeopleScreen() {
  usePageTitle('People');
  const { user } = useAuth();
  const list = useUrlListState({ filters: ['name'] });
  const name = (list.params.get('name') ?? '').trim();
  // The server searches from two characters; one character lists everyone, as an empty box does.
  const searched = name.length >= MIN_SEARCH ? name : '';
  const draft = (list.draft.name ?? '').trim();
  const tooShort = draft.length > 0 && draft.length < MIN_SEARCH;

  const people = useQuery({ ...getPeopleQueryOptions(searched, list.page), placeholderData: (previous) => previous });

  const columns: ReadonlyArray<Column<PublicUser>> = [
    {
      id: 'name',
      header: 'Name',
      primary: true,
      cell: (person) => (
        <Link to={`/people/${person.id}`} className="link link-primary font-medium">
          {person.name ?? 'Name not given'}
          {person.id === user?.id && <span className="text-base-content/70"> (you)</span>}
        </Link>
      ),
    },
    { id: 'role', header: 'Role', cell: (person) => humanizeRole(person.role) },
  ];

  return (
    <section aria-labelledby="people-title" className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h1 id="people-title" className="text-2xl font-bold tracking-tight">
          People
        </h1>
        <p className="text-base-content/80">
          {user?.role === 'ADMIN'
            ? 'Every account on CareMesh.'
            : 'The people you work with on CareMesh: your organisation’s team and the people on your appointments.'}
        </p>
      </div>
      <OfflineNotice queryKey={userKeys.people(searched, list.page)} />
      <FilterBar
        label="Search people"
        onSubmit={(event) => {
          event.preventDefault();
          if (!tooShort) list.apply();
        }}
        bodyClassName="flex flex-col gap-3 sm:flex-row sm:items-end"
        actions={<Button type="submit">Search</Button>}
      >
        <label className="flex grow flex-col gap-1 text-sm">
          Name
          <input
            type="search"
            className={`input w-full ${tooShort ? 'input-error' : ''}`}
            maxLength={120}
            autoComplete="off"
            aria-invalid={tooShort}
            aria-describedby={tooShort ? 'people-name-hint' : undefined}
            {...list.field('name')}
          />
          {tooShort && (
            <span id="people-name-hint" className="text-error">
              Type at least {MIN_SEARCH} characters to search.
            </span>
          )}
        </label>
      </FilterBar>
      <DataTable
        label="People"
        noun="people"
        columns={columns}
        rows={people.data?.users}
        rowKey={(person) => person.id}
        loading={people.isPending}
        error={people.isError ? people.error : null}
        retry={() => void people.refetch()}
        stale={people.isPlaceholderData}
        empty={
          <EmptyState title={searched ? `No one called “${searched}” among the people you know.` : 'No one yet.'}>
            People appear here once you share an appointment or an organisation with them.
          </EmptyState>
        }
        pagination={people.data?.pagination}
        onPage={list.toPage}
      />
    </section>
  );
}
