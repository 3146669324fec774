import { useId, type ComponentPropsWithoutRef } from 'react';
import { INDIAN_REGIONS, INDIAN_REGION_LABELS } from '../../../domain/enums.ts';
import { Button } from '../../ui/Button.tsx';
import { FilterBar } from '../../ui/dataTable/FilterBar.tsx';
import { MultiSelect } from '../../ui/form/MultiSelect.tsx';
import { TextField } from '../../ui/form/TextField.tsx';
import { valuesOf } from './directoryFilters.ts';
import type { DirectoryConfig, DirectoryEntry } from './directoryTypes.ts';
import type { DirectorySearch } from './useDirectorySearch.ts';

const RADII = ['5', '10', '25', '50', '100'] as const;

/** The search form of a directory: text, city and "near me", then filters that fold away on a phone. */
export function DirectoryFilterBar<T extends DirectoryEntry>({
  config,
  search,
}: {
  config: DirectoryConfig<T>;
  search: DirectorySearch;
}) {
  const { noun } = config;
  const {
    params,
    hasPoint,
    draft,
    errors,
    setField,
    filtersId,
    showFilters,
    setShowFilters,
    active,
    update,
    near,
    cityRef,
    locationFailed,
    submit,
    clearFilters,
    sorts,
    sortValue,
    clearLocation,
  } = search;
  return (
    <FilterBar label={`Search ${noun}`} onSubmit={submit} noValidate>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <TextField
          label={config.searchLabel}
          type="search"
          className="w-full"
          value={draft.searchQuery ?? ''}
          error={errors.searchQuery}
          onChange={(e) => setField('searchQuery', e.target.value)}
        />
        <TextField
          ref={cityRef}
          label="City"
          className="w-full sm:max-w-56"
          autoComplete="address-level2"
          value={draft.city ?? ''}
          error={errors.city}
          onChange={(e) => setField('city', e.target.value)}
        />
        {/* Side by side even on a phone: the results start as high as they can. */}
        <div className="flex gap-2 *:flex-1 sm:*:flex-none">
          <Button type="submit">Search</Button>
          {hasPoint ? (
            <Button buttonStyle="ghost" onClick={clearLocation}>
              Clear location
            </Button>
          ) : (
            <Button buttonStyle="outline" loading={near.status === 'locating'} onClick={near.locate}>
              Near me
            </Button>
          )}
        </div>
      </div>

      {/* On a phone the filters fold away behind a button, so the results are not pages down. */}
      <div id={filtersId} className={`${showFilters ? 'flex' : 'hidden'} flex-col gap-3 sm:flex`}>
        <div className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-4">
          <SelectField
            label="State"
            value={params.get('state') ?? ''}
            onChange={(e) => update({ state: e.target.value })}
          >
            <option value="">All states</option>
            {INDIAN_REGIONS.map((s) => (
              <option key={s} value={s}>
                {INDIAN_REGION_LABELS[s]}
              </option>
            ))}
          </SelectField>
          {config.filters.map((filter) =>
            filter.type === 'select' ? (
              <SelectField
                key={filter.param}
                label={filter.label}
                value={params.get(filter.param) ?? ''}
                onChange={(e) => update({ [filter.param]: e.target.value })}
              >
                <option value="">{filter.anyLabel}</option>
                {filter.options.map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </SelectField>
            ) : filter.type === 'multi' ? (
              <MultiSelect
                key={filter.param}
                label={filter.label}
                anyLabel={filter.anyLabel}
                options={filter.options.map(([value]) => value)}
                labels={Object.fromEntries(filter.options)}
                value={valuesOf(params, filter.param)}
                onChange={(values) => update({ [filter.param]: values })}
              />
            ) : filter.type === 'terms' ? (
              <TextField
                key={filter.param}
                label={filter.label}
                hint={filter.hint}
                value={draft[filter.param] ?? ''}
                error={errors[filter.param]}
                onChange={(e) => setField(filter.param, e.target.value)}
              />
            ) : filter.type === 'number' ? (
              <TextField
                key={filter.param}
                label={filter.label}
                type="number"
                inputMode="numeric"
                min={filter.min}
                max={filter.max}
                step={filter.step ?? 1}
                hint={filter.hint}
                value={draft[filter.param] ?? ''}
                error={errors[filter.param]}
                onChange={(e) => setField(filter.param, e.target.value)}
              />
            ) : null,
          )}
          <SelectField
            label="Sort by"
            value={sortValue}
            onChange={(e) => {
              const [sortBy, sortOrder] = e.target.value.split(':');
              update({ sortBy, sortOrder });
            }}
          >
            {!sorts.some((s) => s.value === sortValue) && <option value={sortValue}>—</option>}
            {sorts.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </SelectField>
          {hasPoint && (
            <SelectField
              label="Within"
              value={params.get('maxDistanceInKm') ?? ''}
              onChange={(e) => update({ maxDistanceInKm: e.target.value })}
            >
              <option value="">Any distance</option>
              {RADII.map((km) => (
                <option key={km} value={km}>
                  {km} km
                </option>
              ))}
            </SelectField>
          )}
        </div>

        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          {config.filters.map(
            (filter) =>
              filter.type === 'flag' && (
                <label key={filter.param} className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    className="checkbox checkbox-sm checkbox-primary"
                    checked={params.get(filter.param) === 'true'}
                    onChange={(e) => update({ [filter.param]: e.target.checked ? 'true' : undefined })}
                  />
                  {filter.label}
                </label>
              ),
          )}
        </div>
      </div>
      {active.length > 0 && (
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-sm text-base-content/70" id={`${filtersId}-on`}>
            Filters on:
          </span>
          <ul className="flex flex-wrap gap-2" aria-labelledby={`${filtersId}-on`}>
            {active.map((filter) => (
              <li key={filter.id}>
                <Button
                  size="sm"
                  buttonStyle="outline"
                  className="rounded-full font-normal"
                  aria-label={`Remove filter ${filter.text}`}
                  onClick={() => update(filter.remove)}
                >
                  {filter.text}
                  <span aria-hidden="true">×</span>
                </Button>
              </li>
            ))}
          </ul>
          <Button size="sm" buttonStyle="link" onClick={clearFilters}>
            Clear all filters
          </Button>
        </div>
      )}
      <div className="flex sm:hidden">
        <Button
          size="sm"
          buttonStyle="outline"
          className="sm:hidden"
          aria-expanded={showFilters}
          aria-controls={filtersId}
          onClick={() => setShowFilters((shown) => !shown)}
        >
          {showFilters ? 'Hide filters' : 'Filters'}
          {active.length > 0 ? ` (${active.length} on)` : ''}
        </Button>
      </div>
      {hasPoint && (
        <p className="text-sm text-base-content/70">
          Showing {noun} near your location
          {params.get('maxDistanceInKm') ? `, within ${params.get('maxDistanceInKm')} km` : ''}.
        </p>
      )}
      {locationFailed && (
        <p role="status" className="text-sm text-warning-content">
          {near.status === 'denied'
            ? 'Location permission was refused. Type your city above instead.'
            : 'Your location is not available right now. Type your city above instead.'}
        </p>
      )}
    </FilterBar>
  );
}

/** A labelled select; the label is outside the control so its name is the label alone. */
function SelectField({ label, children, ...select }: ComponentPropsWithoutRef<'select'> & { label: string }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <select {...select} id={id} className="select w-full">
        {children}
      </select>
    </div>
  );
}
