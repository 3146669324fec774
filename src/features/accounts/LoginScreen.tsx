import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { accountsApi } from '../../api/accounts.ts';
import { ApiError, messageOf } from '../../api/http.ts';
import { useAuth } from '../../session/AuthContext.ts';
import { Button } from '../../ui/Button.tsx';
import { TextField } from '../../ui/form/TextField.tsx';
import { useToast } from '../../ui/toast/index.ts';
import { AuthCard } from './AuthCard.tsx';

export function LoginScreen() {
  const { signIn } = useAuth();
  const toast = useToast();
  const [params] = useSearchParams();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [unverified, setUnverified] = useState(false);
  const [resending, setResending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setUnverified(false);
    try {
      const { data } = await accountsApi.signin({ email, password });
      await signIn(data.token);
      toast.success('Login successful!', { title: 'Success' });
      // The public-route guard now sends the user on to redirectTo.
    } catch (error) {
      if (error instanceof ApiError && error.reason === 'EMAIL_NOT_VERIFIED') setUnverified(true);
      toast.error(`Login failed: ${messageOf(error)}`, { title: 'Error' });
      setBusy(false);
    }
  }

  async function resend() {
    setResending(true);
    try {
      const { message } = await accountsApi.resendVerification(email);
      toast.info(message);
    } catch (error) {
      toast.error(messageOf(error), { title: 'Error' });
    } finally {
      setResending(false);
    }
  }

  return (
    <AuthCard
      title="Sign in to CareMesh"
      subtitle="Hospitals, doctors, diagnostics, pharmacies and patients on one network."
    >
      <form className="flex flex-col gap-4" onSubmit={submit} noValidate={false}>
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
        <TextField
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <div className="-mt-2 text-right text-sm">
          <Link to="/forgot-password" className="link link-primary">
            Forgot password?
          </Link>
        </div>
        {unverified && (
          <div role="status" className="alert alert-warning alert-soft flex flex-col items-start gap-2 text-sm">
            <span>Your email is not verified yet. Open the link we mailed you, or get a new one.</span>
            <Button size="sm" variant="warning" buttonStyle="outline" loading={resending} onClick={resend}>
              Send a new verification link
            </Button>
          </div>
        )}
        <Button type="submit" loading={busy} loadingText="Signing in…" className="w-full">
          Sign in
        </Button>
      </form>
      <p className="text-center text-sm">
        New to CareMesh?{' '}
        <Link to="/register" className="link link-primary">
          Create an account
        </Link>
      </p>
    </AuthCard>
  );
}
