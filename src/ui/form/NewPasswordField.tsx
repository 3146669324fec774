import { useId } from 'react';
import { PASSWORD_RULES } from '../../../domain/schemas/accounts.ts';
import { TextField } from './TextField.tsx';

/** A new-password field that shows, as the user types, which rules are met. */
export function NewPasswordField({
  value,
  onChange,
  error,
  label = 'Password',
}: {
  value: string;
  onChange(value: string): void;
  error?: string | undefined;
  label?: string;
}) {
  const listId = useId();
  const rules = PASSWORD_RULES.filter((rule) => !rule.message.includes('at most'));
  return (
    <TextField
      label={label}
      type="password"
      name="new-password"
      autoComplete="new-password"
      required
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={error}
      hint={
        <ul id={listId} aria-label="Password rules" className="mt-1 flex flex-col gap-0.5">
          {rules.map((rule) => {
            const met = rule.test(value);
            return (
              <li key={rule.message} className={met ? 'text-success' : undefined}>
                <span aria-hidden="true">{met ? '✓ ' : '• '}</span>
                {rule.message.replace('Password must ', 'Must ')}
                <span className="sr-only">{met ? ' (done)' : ' (not yet)'}</span>
              </li>
            );
          })}
        </ul>
      }
    />
  );
}
