import { useId, useRef, useState, type FormEvent } from 'react';
import {
  DRUG_FORMS,
  DRUG_FORM_LABELS,
  DRUG_ROUTES,
  DRUG_ROUTE_LABELS,
  SAFETY_OUTCOME_LABELS,
  type SafetyOutcome,
} from '../../../domain/enums.ts';
import { searchDrugs } from '../../../domain/rules/drugSafety.ts';
import { prescriptionBody } from '../../../domain/schemas/consultations.ts';
import { consultationsApi, type Consultation } from '../../api/consultations.ts';
import { Button } from '../../ui/Button.tsx';
import { changeTo } from './changes.ts';
import { useTypeAhead } from './DiagnosesSection.tsx';
import { Section, useRecordChange } from './parts.tsx';

type Check = Consultation['prescriptions'][number]['allergyCheck'];
const EMPTY = {
  genericName: '',
  brandName: '',
  strength: '',
  dose: '',
  frequency: '',
  duration: '',
  quantity: '',
  instructions: '',
};
const OUTCOME_CLASS: Record<SafetyOutcome, string> = {
  FOUND: 'badge-error',
  NONE_KNOWN: 'badge-success',
  NOT_CHECKED: 'badge-warning text-warning-content',
};

function CheckLine({ label, check }: { label: string; check: Check }) {
  return (
    <p className="text-sm">
      <span className={`badge badge-soft badge-sm mr-1 ${OUTCOME_CLASS[check.outcome]}`}>
        {label}: {SAFETY_OUTCOME_LABELS[check.outcome]}
      </span>
      {check.message}
      {check.findings[0] && (
        <span className="block text-xs text-base-content/70">Source: {check.findings[0].source}</span>
      )}
    </p>
  );
}

export function PrescriptionsSection({ consultation: c }: { consultation: Consultation }) {
  const listId = useId();
  const [line, setLine] = useState(EMPTY);
  const [editing, setEditing] = useState<string | null>(null);
  const nameInput = useRef<HTMLInputElement>(null);
  const [form, setForm] = useState<(typeof DRUG_FORMS)[number]>('TABLET');
  const [route, setRoute] = useState<(typeof DRUG_ROUTES)[number]>('ORAL');
  const [checks, setChecks] = useState<{ allergy: Check; interaction: Check } | null>(null);
  const [override, setOverride] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const { send, busy } = useRecordChange();
  const typeAhead = useTypeAhead<string>(searchDrugs, line.genericName);
  const contraindicated = checks
    ? [checks.allergy, checks.interaction].some((k) => k.findings.some((f) => f.severity === 'CONTRAINDICATED'))
    : false;

  const set = (key: keyof typeof EMPTY) => (event: { target: { value: string } }) => {
    setLine((old) => ({ ...old, [key]: event.target.value }));
    if (key === 'genericName') {
      setChecks(null);
      typeAhead.setOpen(true);
      typeAhead.setActive(0);
    }
  };

  async function runChecks(drug: string) {
    setChecking(true);
    try {
      const [allergy, interaction] = await Promise.all([
        consultationsApi.checkAllergies(c.id, [drug]),
        consultationsApi.checkInteractions(c.id, [drug]),
      ]);
      const found = { allergy: allergy.data.results[0]!, interaction: interaction.data.results[0]! };
      setChecks(found);
      return found;
    } catch {
      // Offline: the server checks again when the line is sent.
      return null;
    } finally {
      setChecking(false);
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const raw = Object.fromEntries(Object.entries(line).filter(([, v]) => v.trim() !== ''));
    const parsed = prescriptionBody.safeParse({
      ...raw,
      quantity: line.quantity ? Number(line.quantity) : undefined,
      form,
      route,
      overrideReason: override.trim() || undefined,
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Check the prescription');
      return;
    }
    const found = checks ?? (await runChecks(parsed.data.genericName));
    const blocked =
      found && [found.allergy, found.interaction].some((k) => k.findings.some((f) => f.severity === 'CONTRAINDICATED'));
    if (blocked && !parsed.data.overrideReason) {
      setError('Contraindicated: give the reason for overriding to prescribe it anyway.');
      return;
    }
    const done = await send(
      editing
        ? changeTo.update(c.id, 'prescriptions', editing, parsed.data, `Change ${parsed.data.genericName}`)
        : changeTo.add(c.id, 'prescriptions', parsed.data, `Prescribe ${parsed.data.genericName}`),
      editing ? 'Prescription changed.' : 'Prescription added.',
    );
    if (done.ok) reset();
    else if (done.error) setError(done.error.message);
  }

  function reset() {
    setLine(EMPTY);
    setChecks(null);
    setOverride('');
    setEditing(null);
    setError(null);
  }

  /** Puts a line in the form to change it (the checks run again when it is saved). */
  function edit(p: Consultation['prescriptions'][number]) {
    setLine({
      genericName: p.genericName,
      brandName: p.brandName ?? '',
      strength: p.strength ?? '',
      dose: p.dose,
      frequency: p.frequency,
      duration: p.duration,
      quantity: p.quantity === null ? '' : String(p.quantity),
      instructions: p.instructions ?? '',
    });
    setForm(p.form);
    setRoute(p.route);
    setOverride(p.overrideReason ?? '');
    setChecks(null);
    setEditing(p.id);
    nameInput.current?.focus();
  }

  return (
    <Section id="rx-title" title="Prescriptions">
      {c.prescriptions.length === 0 && <p className="text-sm text-base-content/70">No medicines prescribed yet.</p>}
      <ol className="flex flex-col gap-2">
        {c.prescriptions.map((p) => (
          <li key={p.id} className="rounded-box border border-base-300 p-2 text-sm">
            <p className="font-medium">
              {DRUG_FORM_LABELS[p.form]} {p.genericName} {p.strength ?? ''} {p.brandName ? `(${p.brandName})` : ''}
            </p>
            <p>
              {p.dose}, {p.frequency}, {p.duration} · {DRUG_ROUTE_LABELS[p.route]}
              {p.instructions ? ` · ${p.instructions}` : ''}
            </p>
            {c.access !== 'PATIENT' && (
              <>
                <CheckLine label="Allergy" check={p.allergyCheck} />
                <CheckLine label="Interactions" check={p.interactionCheck} />
              </>
            )}
            {p.overrideReason && <p className="text-sm text-error">Override: {p.overrideReason}</p>}
            {c.canRecord && (
              <Button size="xs" buttonStyle="ghost" onClick={() => edit(p)} aria-label={`Change ${p.genericName}`}>
                Change
              </Button>
            )}
            {c.canRecord && (
              <Button
                size="xs"
                buttonStyle="ghost"
                variant="danger"
                onClick={() =>
                  void send(
                    changeTo.remove(c.id, 'prescriptions', p.id, `Remove ${p.genericName}`),
                    'Prescription removed.',
                  )
                }
              >
                Remove
              </Button>
            )}
          </li>
        ))}
      </ol>
      {c.canRecord && (
        <form
          onSubmit={(e) => void submit(e)}
          noValidate
          className="flex flex-col gap-2"
          aria-label={editing ? 'Change a prescription' : 'Add a prescription'}
        >
          <div className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-4">
            <div className="relative">
              <label className="flex flex-col gap-1 text-sm">
                Generic name
                <input
                  role="combobox"
                  aria-expanded={typeAhead.options.length > 0}
                  aria-controls={listId}
                  aria-autocomplete="list"
                  ref={nameInput}
                  className="input input-sm w-full"
                  value={line.genericName}
                  onChange={set('genericName')}
                  onBlur={() => {
                    window.setTimeout(() => typeAhead.setOpen(false), 150);
                    if (line.genericName.trim() && !checks) void runChecks(line.genericName.trim());
                  }}
                  onKeyDown={(e) => typeAhead.onKeyDown(e, (name) => setLine((old) => ({ ...old, genericName: name })))}
                />
              </label>
              {typeAhead.options.length > 0 && (
                <ul
                  id={listId}
                  role="listbox"
                  className="menu absolute z-10 mt-1 w-full rounded-box border border-base-300 bg-base-100 p-1 shadow"
                >
                  {typeAhead.options.map((name, i) => (
                    <li key={name} role="option" aria-selected={i === typeAhead.active}>
                      <button
                        type="button"
                        className={i === typeAhead.active ? 'menu-active' : ''}
                        onMouseDown={(e) => e.preventDefault()}
                        onClick={() => {
                          setLine((old) => ({ ...old, genericName: name }));
                          typeAhead.setOpen(false);
                        }}
                      >
                        {name}
                      </button>
                    </li>
                  ))}
                </ul>
              )}
            </div>
            {(
              [
                ['brandName', 'Brand (optional)'],
                ['strength', 'Strength'],
                ['dose', 'Dose'],
                ['frequency', 'Frequency'],
                ['duration', 'Duration'],
                ['quantity', 'Quantity'],
                ['instructions', 'Instructions'],
              ] as const
            ).map(([key, label]) => (
              <label key={key} className="flex flex-col gap-1 text-sm">
                {label}
                <input
                  className="input input-sm w-full"
                  value={line[key]}
                  onChange={set(key)}
                  inputMode={key === 'quantity' ? 'numeric' : undefined}
                />
              </label>
            ))}
            <label className="flex flex-col gap-1 text-sm">
              Form
              <select
                className="select select-sm w-full"
                value={form}
                onChange={(e) => setForm(e.target.value as typeof form)}
              >
                {DRUG_FORMS.map((f) => (
                  <option key={f} value={f}>
                    {DRUG_FORM_LABELS[f]}
                  </option>
                ))}
              </select>
            </label>
            <label className="flex flex-col gap-1 text-sm">
              Route
              <select
                className="select select-sm w-full"
                value={route}
                onChange={(e) => setRoute(e.target.value as typeof route)}
              >
                {DRUG_ROUTES.map((r) => (
                  <option key={r} value={r}>
                    {DRUG_ROUTE_LABELS[r]}
                  </option>
                ))}
              </select>
            </label>
          </div>
          {checking && (
            <p className="text-sm" role="status">
              Checking allergies and interactions…
            </p>
          )}
          {checks && (
            <div role="status" className="flex flex-col gap-1">
              <CheckLine label="Allergy" check={checks.allergy} />
              <CheckLine label="Interactions" check={checks.interaction} />
            </div>
          )}
          {contraindicated && (
            <label className="flex flex-col gap-1 text-sm">
              Reason for overriding the warning
              <input
                className="input input-sm input-error w-full"
                value={override}
                onChange={(e) => setOverride(e.target.value)}
                maxLength={500}
              />
            </label>
          )}
          <div className="flex flex-wrap items-center gap-2">
            <Button
              type="submit"
              size="sm"
              loading={busy || checking}
              className="ml-auto"
              variant={contraindicated ? 'danger' : 'primary'}
            >
              {editing
                ? contraindicated
                  ? 'Save anyway'
                  : 'Save changes'
                : contraindicated
                  ? 'Prescribe anyway'
                  : 'Add prescription'}
            </Button>
            {editing && (
              <Button size="sm" buttonStyle="outline" variant="neutral" onClick={reset}>
                Cancel change
              </Button>
            )}
          </div>
          {error && (
            <p role="alert" className="text-sm text-error">
              {error}
            </p>
          )}
        </form>
      )}
    </Section>
  );
}
