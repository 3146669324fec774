import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { pharmacyApi, pharmacyKeys } from '../../api/pharmacy.ts';
import { useAuth } from '../../session/AuthContext.ts';
import { Button } from '../../ui/Button.tsx';
import { FormDialog } from '../../ui/FormDialog.tsx';
import { TextAreaField } from '../../ui/form/TextAreaField.tsx';
import { TextField } from '../../ui/form/TextField.tsx';

/** "Amoxicillin 500 mg x 15" per line → the order's items. */
export function parseLines(text: string) {
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .map((line) => {
      const m = /^(.*?)\s*[x×]\s*(\d+)$/i.exec(line);
      return m ? { name: m[1]!.trim(), quantity: Number(m[2]) } : { name: line, quantity: 1 };
    });
}

/** The desk enters a walk-in: the customer's name and the medicines, one a line. */
export function WalkInDialog() {
  const { user } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [lines, setLines] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function save() {
    if (!user?.referenceId) return;
    setBusy(true);
    try {
      const answer = await pharmacyApi.create({
        pharmacyId: user.referenceId,
        walkInName: name || undefined,
        items: parseLines(lines),
      });
      void queryClient.invalidateQueries({ queryKey: pharmacyKeys.orders });
      setOpen(false);
      void navigate(`/orders/${answer.data.id}`);
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Not saved.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Button size="sm" onClick={() => setOpen(true)}>
        New walk-in
      </Button>
      <FormDialog
        open={open}
        title="New walk-in order"
        submitLabel="Create order"
        busy={busy}
        error={error}
        onSubmit={() => void save()}
        onClose={() => (setOpen(false), setError(null))}
      >
        <div className="flex flex-col gap-2">
          <TextField label="Customer name" value={name} onChange={(e) => setName(e.target.value)} />
          <TextAreaField
            label="Medicines"
            hint="One a line, with the quantity: Dolo 650 x 10"
            rows={4}
            required
            value={lines}
            onChange={(e) => setLines(e.target.value)}
          />
        </div>
      </FormDialog>
    </>
  );
}
