import { useId, useMemo, useState, type FormEvent, type KeyboardEvent } from 'react';
import {
  DIAGNOSIS_CERTAINTIES,
  DIAGNOSIS_CERTAINTY_LABELS,
  DIAGNOSIS_RANKS,
  DIAGNOSIS_RANK_LABELS,
} from '../../../domain/enums.ts';
import { searchIcd10, type Icd10Entry } from '../../../domain/rules/icd10.ts';
import type { Consultation } from '../../api/consultations.ts';
import { Button } from '../../ui/Button.tsx';
import { changeTo } from './changes.ts';
import { Section, useRecordChange } from './parts.tsx';

/** A type-ahead list (combobox): arrows move, Enter picks, Escape closes. Works offline on shipped data. */
export function useTypeAhead<T>(search: (text: string) => T[], text: string) {
  const [active, setActive] = useState(0);
  const [open, setOpen] = useState(false);
  const options = useMemo(() => (open ? search(text) : []), [open, search, text]);
  return {
    options,
    active: Math.min(active, Math.max(options.length - 1, 0)),
    setOpen,
    setActive,
    onKeyDown(event: KeyboardEvent, pick: (option: T) => void): boolean {
      if (event.key === 'ArrowDown') {
        event.preventDefault();
        setOpen(true);
        setActive((a) => Math.min(a + 1, options.length - 1));
        return true;
      }
      if (event.key === 'ArrowUp') {
        event.preventDefault();
        setActive((a) => Math.max(a - 1, 0));
        return true;
      }
      if (event.key === 'Escape') {
        setOpen(false);
        return true;
      }
      if (event.key === 'Enter' && options.length > 0 && options[active] !== undefined) {
        event.preventDefault();
        pick(options[Math.min(active, options.length - 1)]!);
        setOpen(false);
        return true;
      }
      return false;
    },
  };
}

export function DiagnosesSection({ consultation: c }: { consultation: Consultation }) {
  const listId = useId();
  const [text, setText] = useState('');
  const [code, setCode] = useState<string | null>(null);
  const [certainty, setCertainty] = useState<(typeof DIAGNOSIS_CERTAINTIES)[number]>('PROVISIONAL');
  const [rank, setRank] = useState<(typeof DIAGNOSIS_RANKS)[number]>(c.diagnoses.length ? 'SECONDARY' : 'PRIMARY');
  const [error, setError] = useState<string | null>(null);
  const { send, busy } = useRecordChange();
  const typeAhead = useTypeAhead<Icd10Entry>(searchIcd10, text);

  function pick(entry: Icd10Entry) {
    setText(entry.description);
    setCode(entry.code);
  }

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    setError(null);
    const description = text.trim();
    if (!description) {
      setError('Type a diagnosis or pick one from the list');
      return;
    }
    const body = { description, certainty, rank, ...(code ? { code } : {}) };
    const done = await send(changeTo.add(c.id, 'diagnoses', body, `Add diagnosis ${description}`), 'Diagnosis added.');
    if (done.ok) {
      setText('');
      setCode(null);
      setRank('SECONDARY');
    } else if (done.error) setError(done.error.message);
  }

  async function remove(id: string, description: string) {
    await send(changeTo.remove(c.id, 'diagnoses', id, `Remove diagnosis ${description}`), 'Diagnosis removed.');
  }

  return (
    <Section id="diagnoses-title" title="Diagnoses">
      {c.diagnoses.length === 0 && <p className="text-sm text-base-content/70">No diagnosis recorded yet.</p>}
      <ul className="flex flex-col gap-1">
        {c.diagnoses.map((d) => (
          <li key={d.id} className="flex flex-wrap items-center gap-2 text-sm">
            <span className="font-medium">{d.description}</span>
            {d.code && <span className="badge badge-ghost badge-sm">{d.code}</span>}
            <span className="text-base-content/70">
              {DIAGNOSIS_CERTAINTY_LABELS[d.certainty]}, {DIAGNOSIS_RANK_LABELS[d.rank].toLowerCase()}
            </span>
            {c.canRecord && d.certainty === 'PROVISIONAL' && (
              <Button
                size="xs"
                buttonStyle="outline"
                onClick={() =>
                  void send(
                    changeTo.update(
                      c.id,
                      'diagnoses',
                      d.id,
                      {
                        code: d.code ?? undefined,
                        description: d.description,
                        rank: d.rank,
                        certainty: 'CONFIRMED',
                        notes: d.notes ?? undefined,
                      },
                      `Confirm diagnosis ${d.description}`,
                    ),
                    'Diagnosis confirmed.',
                  )
                }
                aria-label={`Confirm ${d.description}`}
              >
                Confirm
              </Button>
            )}
            {c.canRecord && (
              <Button
                size="xs"
                buttonStyle="ghost"
                variant="danger"
                onClick={() => void remove(d.id, d.description)}
                aria-label={`Remove ${d.description}`}
              >
                Remove
              </Button>
            )}
          </li>
        ))}
      </ul>
      {c.canRecord && (
        <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-2" aria-label="Add a diagnosis">
          <div className="relative">
            <label className="flex flex-col gap-1 text-sm">
              Diagnosis (ICD-10 or free text)
              <input
                role="combobox"
                aria-expanded={typeAhead.options.length > 0}
                aria-controls={listId}
                aria-autocomplete="list"
                aria-activedescendant={typeAhead.options.length ? `${listId}-${typeAhead.active}` : undefined}
                className="input input-sm w-full"
                value={text}
                onChange={(e) => {
                  setText(e.target.value);
                  setCode(null);
                  typeAhead.setOpen(true);
                  typeAhead.setActive(0);
                }}
                onBlur={() => window.setTimeout(() => typeAhead.setOpen(false), 150)}
                onKeyDown={(e) => {
                  if (!typeAhead.onKeyDown(e, pick) && e.key === 'Enter') {
                    e.preventDefault();
                    void submit();
                  }
                }}
              />
            </label>
            {typeAhead.options.length > 0 && (
              <ul
                id={listId}
                role="listbox"
                className="menu absolute z-10 mt-1 w-full rounded-box border border-base-300 bg-base-100 p-1 shadow"
              >
                {typeAhead.options.map((o, i) => (
                  <li key={o.code} id={`${listId}-${i}`} role="option" aria-selected={i === typeAhead.active}>
                    <button
                      type="button"
                      className={i === typeAhead.active ? 'menu-active' : ''}
                      onMouseDown={(e) => e.preventDefault()}
                      onClick={() => {
                        pick(o);
                        typeAhead.setOpen(false);
                      }}
                    >
                      <span className="font-mono text-xs">{o.code}</span> {o.description}
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </div>
          <div className="flex flex-wrap items-end gap-2">
            <label className="flex flex-col gap-1 text-sm">
              Certainty
              <select
                className="select select-sm"
                value={certainty}
                onChange={(e) => setCertainty(e.target.value as typeof certainty)}
              >
                {DIAGNOSIS_CERTAINTIES.map((v) => (
                  <option key={v} value={v}>
                    {DIAGNOSIS_CERTAINTY_LABELS[v]}
                  </option>
                ))}
              </select>
            </label>
            <label className="flex flex-col gap-1 text-sm">
              Rank
              <select
                className="select select-sm"
                value={rank}
                onChange={(e) => setRank(e.target.value as typeof rank)}
              >
                {DIAGNOSIS_RANKS.map((v) => (
                  <option key={v} value={v}>
                    {DIAGNOSIS_RANK_LABELS[v]}
                  </option>
                ))}
              </select>
            </label>
            {code && <span className="badge badge-ghost">ICD-10 {code}</span>}
            <Button type="submit" size="sm" loading={busy} className="ml-auto">
              Add diagnosis
            </Button>
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
