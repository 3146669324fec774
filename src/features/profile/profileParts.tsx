import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { z } from 'zod';
import { VERIFICATION_STATUS_LABELS, type VerificationStatus } from '../../../domain/enums.ts';
import { messageOf } from '../../api/http.ts';
import { OfflineNotice } from '../../offline/OfflineMarks.tsx';
import { Button } from '../../ui/Button.tsx';
import { CheckboxGroup } from '../../ui/form/CheckboxGroup.tsx';
import { MultiSelect } from '../../ui/form/MultiSelect.tsx';
import { SelectField } from '../../ui/form/SelectField.tsx';
import { TextAreaField } from '../../ui/form/TextAreaField.tsx';
import { TextField, type TextFieldProps } from '../../ui/form/TextField.tsx';
import { apiErrorsToFields, focusFirstInvalid, issuesToErrors } from '../../ui/form/fieldErrors.ts';
import { StatusBadge } from '../../ui/StatusBadge.tsx';
import { useToast } from '../../ui/toast/index.ts';
import {
  cannotEmptyMessage,
  changesOf,
  draftFromProfile,
  type DetailsDraftOf,
  type DetailsFieldSpecs,
} from './detailsDraft.ts';
import { OnlineButton } from '../../offline/NeedsConnection.tsx';

export function ProfileHeader({ id, name, status }: { id: string; name: string; status: VerificationStatus }) {
  return (
    <>
      <header className="flex flex-wrap items-center gap-3">
        <h1 id={id} className="text-2xl font-bold tracking-tight">
          {name}
        </h1>
        <StatusBadge tone={status === 'VERIFIED' ? 'success' : 'warning'}>
          {VERIFICATION_STATUS_LABELS[status]}
        </StatusBadge>
      </header>
      <OfflineNotice />
    </>
  );
}

/** A card with a heading that names its section. */
export function ProfileCard({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="card border border-base-300 bg-base-100">
      <div className="card-body gap-3 p-4 sm:p-6">
        <h2 id={id} className="text-lg font-semibold">
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}

/** A typed value to send, or nothing when it is blank. */
export const optional = (value: string) => value.trim() || undefined;

/** Labels of enumeration values, joined; unknown values show as sent. */
export function labelList(values: readonly string[], labels: Readonly<Record<string, string>>): string {
  return values.map((v) => labels[v] ?? v).join(', ');
}

/** A change that refreshes the profile and says how it went. */
export function useProfileMutation<T, R = unknown>(queryKey: QueryKey, run: (input: T) => Promise<R>, success: string) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: run,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey });
      toast.success(success, { title: 'Success' });
    },
    onError: (error) => toast.error(messageOf(error), { title: 'Error' }),
  });
}

/** Messages per field from a zod result's issues (the first per field). */
export function issuesByPath(issues: ReadonlyArray<{ path: readonly PropertyKey[]; message: string }>) {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.');
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}

/** Extra props for one field of an EditableDetails form; which control it is follows the field's kind. */
export type DetailsFieldProps = Partial<Omit<TextFieldProps, 'value' | 'onChange' | 'label'>> & {
  /** A choice's empty option ('Choose…'); '' offers none. */
  placeholder?: string;
  /** A multi field as a compact dropdown (the default past 12 values) or as checkboxes. */
  compact?: boolean;
  /** A text field several lines high (descriptions). */
  multiline?: boolean;
};

export type DetailsForm = {
  /** The control for one field, bound to the draft and its error. */
  field(key: string, props?: DetailsFieldProps): ReactNode;
};

/** Multi fields longer than this are a dropdown rather than a wall of checkboxes. */
const COMPACT_FROM = 12;

export type EditableDetailsProps<S extends DetailsFieldSpecs, Schema extends z.ZodType> = {
  /** The id of the card's heading. */
  id: string;
  title: string;
  /** The profile as the API answered it; the form starts from its values. */
  profile: object;
  specs: S;
  /** The update schema of the domain (a partial change): the form's messages are its messages. */
  schema: Schema;
  /** The profile's query, refreshed after a save. */
  queryKey: QueryKey;
  save(body: z.output<Schema>): Promise<unknown>;
  /** The read-only details. */
  view: ReactNode;
  /** The form's fields, laid out by the screen. */
  children(form: DetailsForm): ReactNode;
};

/**
 * A details card with an "Edit details" form in place: only what changed is sent, checked first with
 * the domain's update schema; the server's field errors show beside their fields; nothing typed is lost
 * on an error; Cancel returns to the card without a change.
 */
export function EditableDetails<S extends DetailsFieldSpecs, Schema extends z.ZodType>({
  id,
  title,
  profile,
  specs,
  schema,
  queryKey,
  save: run,
  view,
  children,
}: EditableDetailsProps<S, Schema>) {
  const toast = useToast();
  const [editing, setEditing] = useState(false);
  // The values the form started from: a refresh of the profile meanwhile neither resets the form nor counts as an edit.
  const [start, setStart] = useState<DetailsDraftOf<S>>();
  const [draft, setDraft] = useState<DetailsDraftOf<S>>();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const formRef = useRef<HTMLFormElement>(null);
  const editRef = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  const save = useProfileMutation(queryKey, run, 'Details saved.');

  useEffect(() => {
    if (editing) formRef.current?.querySelector<HTMLElement>('input, select, button')?.focus();
    else if (returnFocus.current) editRef.current?.focus();
    returnFocus.current = false;
  }, [editing]);

  const open = () => {
    const values = draftFromProfile(specs, profile);
    setStart(values);
    setDraft(values);
    setErrors({});
    setEditing(true);
  };
  const close = () => {
    returnFocus.current = true;
    setEditing(false);
    setErrors({});
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!start || !draft) return;
    const { body, cannotEmpty } = changesOf(specs, start, draft);
    if (Object.keys(body).length === 0 && cannotEmpty.length === 0) {
      toast.info('Nothing changed.', { title: 'Details' });
      close();
      return;
    }
    const parsed = schema.safeParse(body);
    const found: Record<string, string> = parsed.success ? {} : issuesToErrors(parsed.error.issues);
    for (const key of cannotEmpty) found[key] ??= cannotEmptyMessage(specs[key]?.label ?? key);
    setErrors(found);
    if (!parsed.success || cannotEmpty.length > 0) {
      focusFirstInvalid();
      return;
    }
    save.mutate(parsed.data, {
      onSuccess: close,
      onError: (error) => {
        const fromServer = apiErrorsToFields(error);
        setErrors(fromServer);
        if (Object.keys(fromServer).length > 0) focusFirstInvalid();
      },
    });
  };

  const field = (key: string, props: DetailsFieldProps = {}): ReactNode => {
    const spec = specs[key];
    if (!spec || !draft) return null;
    const { placeholder, compact, multiline, className, hint, ...input } = props;
    const value = draft[key];
    const set = (next: unknown) => setDraft((d) => (d ? { ...d, [key]: next } : d));
    const error = errors[key];
    switch (spec.kind) {
      case 'flag':
        return (
          <label key={key} className={`flex min-h-10 cursor-pointer items-center gap-2 text-sm ${className ?? ''}`}>
            <input
              type="checkbox"
              className="toggle toggle-primary toggle-sm"
              checked={value === true}
              onChange={(e) => set(e.target.checked)}
            />
            {spec.label}
          </label>
        );
      case 'choice':
        return (
          <SelectField
            key={key}
            label={spec.label}
            options={spec.options ?? []}
            labels={spec.labels ?? {}}
            placeholder={placeholder ?? ''}
            value={String(value)}
            onChange={(e) => set(e.target.value)}
            error={error}
            className={className}
            required={input.required}
          />
        );
      case 'multi': {
        const options = spec.options ?? [];
        const chosen = Array.isArray(value) ? value : [];
        return (compact ?? options.length > COMPACT_FROM) ? (
          <MultiSelect
            key={key}
            label={spec.label}
            options={options}
            labels={spec.labels ?? {}}
            anyLabel={placeholder || 'None chosen'}
            value={chosen}
            onChange={set}
            error={error}
            hint={typeof hint === 'string' ? hint : undefined}
            required={input.required}
            showChosen
            className={className}
          />
        ) : (
          <CheckboxGroup
            key={key}
            legend={spec.label}
            options={options}
            labels={spec.labels ?? {}}
            value={chosen}
            onChange={set}
            error={error}
            hint={typeof hint === 'string' ? hint : undefined}
            className={className}
          />
        );
      }
      default:
        if (multiline) {
          return (
            <TextAreaField
              key={key}
              label={spec.label}
              hint={hint}
              className={className}
              required={input.required}
              maxLength={typeof input.maxLength === 'number' ? input.maxLength : undefined}
              value={String(value)}
              onChange={(e) => set(e.target.value)}
              error={error}
            />
          );
        }
        return (
          <TextField
            key={key}
            label={spec.label}
            {...(spec.kind === 'number' ? { type: 'number', inputMode: 'numeric' as const } : {})}
            {...input}
            hint={hint ?? (spec.kind === 'list' ? 'Separate them with commas' : undefined)}
            className={className}
            value={String(value)}
            onChange={(e) => set(e.target.value)}
            error={error}
          />
        );
    }
  };

  // Messages for no field of this form (the whole change, or a field it does not show) go above the buttons.
  const otherErrors = Object.entries(errors).filter(([key]) => !(key in specs));

  return (
    <section aria-labelledby={id} className="card border border-base-300 bg-base-100">
      <div className="card-body gap-3 p-4 sm:p-6">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id={id} className="text-lg font-semibold">
            {editing ? `Edit ${title.toLowerCase()}` : title}
          </h2>
          {!editing && (
            <Button ref={editRef} size="sm" buttonStyle="outline" onClick={open}>
              Edit details
            </Button>
          )}
        </div>
        {editing && draft ? (
          <form ref={formRef} onSubmit={submit} noValidate aria-labelledby={id} className="flex flex-col gap-4">
            {children({ field })}
            {otherErrors.length > 0 && (
              <div role="alert" className="alert alert-error alert-soft text-sm">
                {otherErrors.map(([key, message]) => (
                  <p key={key}>{message}</p>
                ))}
              </div>
            )}
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button buttonStyle="ghost" disabled={save.isPending} onClick={close}>
                Cancel
              </Button>
              <OnlineButton type="submit" loading={save.isPending} loadingText="Saving…">
                Save details
              </OnlineButton>
            </div>
          </form>
        ) : (
          view
        )}
      </div>
    </section>
  );
}
