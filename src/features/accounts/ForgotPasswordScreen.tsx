import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { accountsApi } from '../../api/accounts.ts';
import { messageOf } from '../../api/http.ts';
import { Button } from '../../ui/Button.tsx';
import { TextField } from '../../ui/form/TextField.tsx';
import { useToast } from '../../ui/toast/index.ts';
import { AuthCard } from './AuthCard.tsx';

export function ForgotPasswordScreen() {
  const toast = useToast();
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      await accountsApi.requestPasswordReset(email);
      toast.success('Password reset email sent successfully!', { title: 'Success' });
      setSentTo(email);
    } catch (error) {
      toast.error(`Failed to send reset email: ${messageOf(error)}`, { title: 'Error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard
      title="Forgot your password?"
      subtitle="Enter your email and we will send you a link to choose a new one."
    >
      {sentTo ? (
        <div role="status" className="alert alert-success alert-soft text-sm">
          If an account exists for {sentTo}, a reset link is on its way. It works once, for 1 hour.
        </div>
      ) : (
        <form className="flex flex-col gap-4" onSubmit={submit}>
          <TextField
            label="Email"
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <Button type="submit" loading={busy} loadingText="Sending…" className="w-full">
            Send reset link
          </Button>
        </form>
      )}
      <p className="text-center text-sm">
        <Link to="/login" className="link link-primary">
          Back to sign in
        </Link>
      </p>
    </AuthCard>
  );
}
