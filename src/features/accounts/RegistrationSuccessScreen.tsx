import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { accountsApi } from '../../api/accounts.ts';
import { messageOf } from '../../api/http.ts';
import { Button, ButtonLink } from '../../ui/Button.tsx';
import { useToast } from '../../ui/toast/index.ts';
import { AuthCard } from './AuthCard.tsx';

export function RegistrationSuccessScreen() {
  const [params] = useSearchParams();
  const email = params.get('email') ?? '';
  const toast = useToast();
  const [busy, setBusy] = useState(false);

  async function resend() {
    setBusy(true);
    try {
      toast.info((await accountsApi.resendVerification(email)).message);
    } catch (error) {
      toast.error(messageOf(error), { title: 'Error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard title="Check your email">
      <p className="text-center">
        We have sent a verification link to {email ? <strong className="break-all">{email}</strong> : 'your email'}.
        Open it to verify your address, then sign in.
      </p>
      <p className="text-center text-sm text-base-content/70">
        The link works for 48 hours. Nothing arrived? Look in your spam folder, or ask for a new one.
      </p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <ButtonLink to={email ? `/login?email=${encodeURIComponent(email)}` : '/login'} className="sm:flex-1">
          Go to sign in
        </ButtonLink>
        {email && (
          <Button buttonStyle="outline" loading={busy} onClick={resend} className="sm:flex-1">
            Send the link again
          </Button>
        )}
      </div>
    </AuthCard>
  );
}
