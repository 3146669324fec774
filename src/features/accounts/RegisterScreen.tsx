import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ROLE_LABELS } from '../../../domain/enums.ts';
import { SELF_REGISTRABLE_ROLES, type SelfRegistrableRole } from '../../../domain/rules/roles.ts';
import { registerBody } from '../../../domain/schemas/accounts.ts';
import { accountsApi } from '../../api/accounts.ts';
import { ApiError, messageOf } from '../../api/http.ts';
import { Button } from '../../ui/Button.tsx';
import { TextField } from '../../ui/form/TextField.tsx';
import { useToast } from '../../ui/toast/index.ts';
import { AuthCard } from './AuthCard.tsx';
import { NewPasswordField } from '../../ui/form/NewPasswordField.tsx';

const ROLE_HINTS: Record<SelfRegistrableRole, string> = {
  PATIENT: 'Book appointments and keep your medical records',
  DOCTOR: 'Keep your profile, patients and appointments',
  HOSPITAL: 'Onboard your hospital, doctors and appointments',
  DIAGNOSTICS: 'Onboard your centre, tests and reports',
  PHARMACY: 'Onboard your pharmacy, inventory and orders',
  USER: 'Browse hospitals, doctors, diagnostics and pharmacies',
};
const ROLE_ORDER: SelfRegistrableRole[] = ['PATIENT', 'DOCTOR', 'HOSPITAL', 'DIAGNOSTICS', 'PHARMACY', 'USER'];

type Errors = Partial<Record<'name' | 'email' | 'password' | 'confirm' | 'role', string>>;

export function RegisterScreen() {
  const toast = useToast();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [role, setRole] = useState<SelfRegistrableRole>('PATIENT');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = registerBody.safeParse({ email, password, role, name: name.trim() || undefined });
    const found: Errors = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]) as keyof Errors;
        found[field] ??= issue.message;
      }
    }
    if (confirm !== password) found.confirm = 'The two passwords do not match';
    setErrors(found);
    if (!parsed.success || found.confirm) return;

    setBusy(true);
    try {
      await accountsApi.register(parsed.data);
      toast.success('Registration successful! Please log in.', { title: 'Success' });
      navigate(`/registration-success?email=${encodeURIComponent(parsed.data.email)}`);
    } catch (error) {
      if (error instanceof ApiError) setErrors(error.fieldErrors() as Errors);
      toast.error(`Registration failed: ${messageOf(error)}`, { title: 'Error' });
      setBusy(false);
    }
  }

  return (
    <AuthCard title="Create your CareMesh account" subtitle="It takes a minute. We will email you a link to verify it.">
      <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium">I am joining as</legend>
          <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
            {ROLE_ORDER.filter((r) => SELF_REGISTRABLE_ROLES.includes(r)).map((value) => (
              <label
                key={value}
                className={`flex cursor-pointer items-start gap-2 rounded-box border p-3 text-sm ${
                  role === value ? 'border-primary bg-primary/5' : 'border-base-300'
                }`}
              >
                <input
                  type="radio"
                  name="role"
                  value={value}
                  checked={role === value}
                  onChange={() => setRole(value)}
                  className="radio radio-primary radio-sm mt-0.5"
                />
                <span>
                  <span className="font-medium">{ROLE_LABELS[value]}</span>
                  <span className="block text-xs text-base-content/70">{ROLE_HINTS[value]}</span>
                </span>
              </label>
            ))}
          </div>
          {errors.role && (
            <p className="text-sm text-error" role="alert">
              {errors.role}
            </p>
          )}
        </fieldset>
        <TextField
          label="Full name"
          name="name"
          autoComplete="name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={errors.name}
        />
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={errors.email}
        />
        <NewPasswordField value={password} onChange={setPassword} error={errors.password} />
        <TextField
          label="Confirm password"
          type="password"
          name="confirm-password"
          autoComplete="new-password"
          required
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
          error={errors.confirm}
        />
        <Button type="submit" loading={busy} loadingText="Creating your account…" className="w-full">
          Create account
        </Button>
      </form>
      <p className="text-center text-sm">
        Already have an account?{' '}
        <Link to="/login" className="link link-primary">
          Sign in
        </Link>
      </p>
    </AuthCard>
  );
}
