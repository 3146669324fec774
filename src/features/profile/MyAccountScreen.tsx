import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { changePasswordBody } from '../../../domain/schemas/accounts.ts';
import { accountsApi } from '../../api/accounts.ts';
import { messageOf } from '../../api/http.ts';
import { OnlineButton, useNeedsConnection } from '../../offline/NeedsConnection.tsx';
import { OfflineNotice } from '../../offline/OfflineMarks.tsx';
import { useAuth } from '../../session/AuthContext.ts';
import { Button, ButtonLink } from '../../ui/Button.tsx';
import { DetailList } from '../../ui/DetailList.tsx';
import { FormDialog } from '../../ui/FormDialog.tsx';
import { apiErrorsToFields, focusFirstInvalid, issuesToErrors } from '../../ui/form/fieldErrors.ts';
import { TextField } from '../../ui/form/TextField.tsx';
import { useToast } from '../../ui/toast/index.ts';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { NewPasswordField } from '../../ui/form/NewPasswordField.tsx';

/** /profile for a User: the account's email, its password, deleting it, and the way to become a patient. */
export function MyAccountScreen() {
  usePageTitle('My Account');
  const { user } = useAuth();
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="mx-auto flex w-full max-w-3xl flex-col gap-4">
      <h1 id={titleId} className="text-2xl font-bold tracking-tight">
        My Account
      </h1>
      <OfflineNotice />
      <Card title="Your account">
        <DetailList
          rows={[
            ['Name', user?.name ?? ''],
            ['Email', user?.email ?? ''],
          ]}
        />
      </Card>
      <Card title="Book care">
        <p className="text-sm">
          Find a doctor or a hospital near you. To book, you create your patient profile: your account becomes a patient
          account, with your appointments and medical records.
        </p>
        <div className="flex flex-wrap gap-2">
          <ButtonLink to="/appointments/book">Find a doctor or hospital</ButtonLink>
          <ButtonLink to="/patient/onboarding?next=%2Fappointments%2Fbook" buttonStyle="outline">
            Create my patient profile
          </ButtonLink>
        </div>
      </Card>
      <ChangePassword />
      <DeleteAccount />
    </section>
  );
}

function Card({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
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

const EMPTY = { currentPassword: '', newPassword: '', confirm: '' };

function ChangePassword() {
  const { signIn } = useAuth();
  const toast = useToast();
  const [draft, setDraft] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    const parsed = changePasswordBody.safeParse({
      currentPassword: draft.currentPassword,
      newPassword: draft.newPassword,
    });
    if (!parsed.success) Object.assign(found, issuesToErrors(parsed.error.issues));
    if (!found.newPassword && draft.confirm !== draft.newPassword) found.confirm = 'The two new passwords differ';
    setErrors(found);
    if (!parsed.success || Object.keys(found).length > 0) {
      focusFirstInvalid();
      return;
    }
    setBusy(true);
    try {
      const answer = await accountsApi.changePassword(parsed.data);
      await signIn(answer.data.token);
      setDraft(EMPTY);
      toast.success(answer.message, { title: 'Password changed' });
    } catch (error) {
      const fields = apiErrorsToFields(error);
      setErrors(fields);
      if (Object.keys(fields).length === 0) toast.error(messageOf(error), { title: 'Error' });
      focusFirstInvalid();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title="Change your password">
      <form className="flex flex-col gap-3" onSubmit={(e) => void submit(e)} noValidate>
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          required
          value={draft.currentPassword}
          error={errors.currentPassword}
          onChange={(e) => setDraft((d) => ({ ...d, currentPassword: e.target.value }))}
        />
        <NewPasswordField
          label="New password"
          value={draft.newPassword}
          error={errors.newPassword}
          onChange={(value) => setDraft((d) => ({ ...d, newPassword: value }))}
        />
        <TextField
          label="New password again"
          type="password"
          autoComplete="new-password"
          required
          value={draft.confirm}
          error={errors.confirm}
          onChange={(e) => setDraft((d) => ({ ...d, confirm: e.target.value }))}
        />
        <p className="text-sm text-base-content/70">Other devices signed in to this account will be signed out.</p>
        <div className="flex justify-end">
          <OnlineButton type="submit" loading={busy} loadingText="Changing…">
            Change password
          </OnlineButton>
        </div>
      </form>
    </Card>
  );
}

function DeleteAccount() {
  const { logout } = useAuth();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { offline, describedBy, note } = useNeedsConnection();

  const confirm = async () => {
    if (!password) {
      setError('Enter your password to delete your account');
      return;
    }
    setBusy(true);
    try {
      const answer = await accountsApi.deleteAccount(password);
      setOpen(false);
      toast.success(answer.message, { title: 'Account deleted' });
      logout();
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title="Delete your account">
      <p className="text-sm">
        Deleting your account removes your email, name and password from CareMesh and signs you out everywhere. It
        cannot be undone.
      </p>
      <div className="flex flex-col items-end gap-1">
        <Button
          variant="danger"
          buttonStyle="outline"
          disabled={offline}
          aria-describedby={describedBy}
          onClick={() => {
            setPassword('');
            setError(null);
            setOpen(true);
          }}
        >
          Delete my account
        </Button>
        {note}
      </div>
      <FormDialog
        open={open}
        title="Delete your account?"
        description="Enter your password to confirm. Your account is deleted at once."
        submitLabel="Delete my account"
        variant="danger"
        focusCancel
        busy={busy}
        error={error}
        onSubmit={() => void confirm()}
        onClose={() => setOpen(false)}
      >
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </FormDialog>
    </Card>
  );
}
