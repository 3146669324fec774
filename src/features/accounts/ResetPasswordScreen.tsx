import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { passwordProblems } from '../../../domain/schemas/accounts.ts';
import { accountsApi } from '../../api/accounts.ts';
import { messageOf } from '../../api/http.ts';
import { Button } from '../../ui/Button.tsx';
import { TextField } from '../../ui/form/TextField.tsx';
import { useToast } from '../../ui/toast/index.ts';
import { AuthCard } from './AuthCard.tsx';
import { NewPasswordField } from '../../ui/form/NewPasswordField.tsx';

export function ResetPasswordScreen() {
  const { token = '' } = useParams();
  const toast = useToast();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirm?: string }>({});
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = {
      password: passwordProblems(password)[0],
      confirm: confirm === password ? undefined : 'The two passwords do not match',
    };
    setErrors(found);
    if (found.password || found.confirm) return;
    setBusy(true);
    try {
      await accountsApi.resetPassword(token, password);
      toast.success('Password reset successfully!', { title: 'Success' });
      navigate('/login', { replace: true });
    } catch (error) {
      toast.error(`Failed to reset password: ${messageOf(error)}`, { title: 'Error' });
      setBusy(false);
    }
  }

  return (
    <AuthCard
      title="Choose a new password"
      subtitle="After this, every device signed in to your account is signed out."
    >
      <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
        <NewPasswordField label="New password" value={password} onChange={setPassword} error={errors.password} />
        <TextField
          label="Confirm new password"
          type="password"
          name="confirm-password"
          autoComplete="new-password"
          required
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
          error={errors.confirm}
        />
        <Button type="submit" loading={busy} loadingText="Saving…" className="w-full">
          Set new password
        </Button>
      </form>
      <p className="text-center text-sm">
        <Link to="/forgot-password" className="link link-primary">
          Need a new link?
        </Link>
      </p>
    </AuthCard>
  );
}
