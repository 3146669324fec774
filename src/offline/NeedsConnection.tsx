/**
 * Actions the server must do at once (accepting an appointment, saving a profile, sharing a document)
 * cannot wait in the outbox: offline, their buttons are disabled and say why, instead of failing
 * after a click. Actions the outbox can keep (booking, messages, uploads, a patient's cancel) stay
 * enabled and are queued.
 */
import { useId } from 'react';
import { Button, type ButtonProps } from '../ui/Button.tsx';
import { useOnline } from './useOnline.ts';
import { NEEDS_CONNECTION } from './words.ts';

/** The reason, beside the buttons it explains (they point at it with aria-describedby). */
export function NeedsConnectionNote({ id, text = NEEDS_CONNECTION, className = '' }: NoteProps) {
  return (
    <p id={id} className={`flex items-center gap-2 text-sm text-base-content/80 ${className}`}>
      <span aria-hidden="true" className="size-2 shrink-0 rounded-full bg-base-content/40" />
      {text}
    </p>
  );
}

type NoteProps = { id?: string; text?: string; className?: string };

/**
 * For a group of server-only buttons: `offline` to disable them, `describedBy` for each, and the one
 * `note` to show beside the group (null while online).
 */
export function useNeedsConnection(text?: string) {
  const online = useOnline();
  const id = useId();
  return {
    offline: !online,
    describedBy: online ? undefined : id,
    note: online ? null : <NeedsConnectionNote id={id} text={text} />,
  };
}

/** A button for a server-only action: disabled offline, with the reason under it. */
export function OnlineButton({ disabled, ...props }: ButtonProps) {
  const { offline, describedBy, note } = useNeedsConnection();
  if (!offline) return <Button disabled={disabled} {...props} />;
  return (
    <span className="inline-flex flex-col items-start gap-1">
      <Button {...props} disabled aria-describedby={describedBy} />
      {note}
    </span>
  );
}
