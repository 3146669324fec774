import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { accountsApi } from '../../api/accounts.ts';
import { messageOf } from '../../api/http.ts';
import { ButtonLink } from '../../ui/Button.tsx';
import { AuthCard } from './AuthCard.tsx';

type State = { status: 'verifying' } | { status: 'verified'; message: string } | { status: 'failed'; message: string };

export function VerifyEmailScreen() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const [state, setState] = useState<State>(
    token
      ? { status: 'verifying' }
      : { status: 'failed', message: 'This link has no verification token. Open the whole link from the mail.' },
  );
  // The token is single use: never send it twice, even when React runs the effect twice.
  const sent = useRef(false);

  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    accountsApi
      .verifyEmail(token)
      .then(({ message }) => setState({ status: 'verified', message }))
      .catch((error: unknown) => setState({ status: 'failed', message: messageOf(error) }));
  }, [token]);

  if (state.status === 'verifying') {
    return (
      <AuthCard title="Verifying your email…">
        <div className="flex justify-center" role="status" aria-label="Verifying">
          <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />
        </div>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={state.status === 'verified' ? 'Email verified' : 'We could not verify your email'}>
      <div
        role="status"
        className={`alert alert-soft text-sm ${state.status === 'verified' ? 'alert-success' : 'alert-error'}`}
      >
        {state.message}
      </div>
      <ButtonLink to="/login" className="w-full">
        Go to sign in
      </ButtonLink>
    </AuthCard>
  );
}
