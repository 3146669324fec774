import { useAuth } from '../../session/AuthContext.ts';
import { OfflineNotice } from '../../offline/OfflineMarks.tsx';
import { ButtonLink } from '../../ui/Button.tsx';
import { LoadTogether } from '../../ui/LoadTogether.tsx';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { Consultations } from './Consultations.tsx';
import { Documents } from './Documents.tsx';
import { MedicalHistory } from './MedicalHistory.tsx';
import { MedicineOrders } from './MedicineOrders.tsx';
import { TestReports } from './TestReports.tsx';

export function MedicalRecordsScreen() {
  usePageTitle('Medical Records');
  const { user } = useAuth();
  const patientId = user?.referenceId;
  return (
    <section aria-labelledby="records-title" className="mx-auto flex w-full max-w-4xl flex-col gap-5">
      <div>
        <h1 id="records-title" className="text-2xl font-bold tracking-tight">
          Medical Records
        </h1>
        <p className="text-sm text-base-content/70">
          Your reports, prescriptions and scans, and the conditions you have been diagnosed with.
        </p>
      </div>
      <OfflineNotice />
      {patientId ? (
        <LoadTogether what="your records">
          <Consultations />
          <MedicineOrders />
          <TestReports patientId={patientId} />
          <Documents patientId={patientId} />
          <MedicalHistory patientId={patientId} />
        </LoadTogether>
      ) : (
        <div role="status" className="alert alert-info alert-soft flex flex-wrap justify-between">
          <span>Complete your profile first: your records are kept with it.</span>
          <ButtonLink to="/profile" size="sm">
            Complete your profile
          </ButtonLink>
        </div>
      )}
    </section>
  );
}
