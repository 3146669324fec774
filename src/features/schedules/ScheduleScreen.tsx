import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Link, useParams } from 'react-router-dom';
import { getDoctorScheduleQueryOptions } from '../../api/schedules.ts';
import { OfflineNotice } from '../../offline/OfflineMarks.tsx';
import { useAuth } from '../../session/AuthContext.ts';
import { LoadError, Loading } from '../../ui/LoadStates.tsx';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { ScheduleEditor } from './ScheduleEditor.tsx';

/**
 * /schedule (a doctor: their own, at every place they practise) and /doctors/:doctorId/schedule (a
 * hospital: its doctor's sessions at the hospital).
 */
export function ScheduleScreen() {
  usePageTitle('Schedule');
  const { user } = useAuth();
  const params = useParams();
  const doctorId = params.doctorId ?? (user?.role === 'DOCTOR' ? (user.referenceId ?? '') : '');
  const titleId = useId();
  const options = getDoctorScheduleQueryOptions(doctorId);
  const schedule = useQuery({ ...options, enabled: doctorId !== '' });

  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-4">
      {user?.role === 'HOSPITAL' && (
        <Link to="/doctors" className="link link-hover w-max text-sm">
          <span aria-hidden="true">← </span>Doctors
        </Link>
      )}
      <header className="flex flex-col gap-1">
        <h1 id={titleId} className="text-2xl font-bold tracking-tight">
          {schedule.data ? `Schedule of ${schedule.data.doctorName}` : 'Schedule'}
        </h1>
        <p className="text-sm text-base-content/70">
          The days and hours patients can book, the length of each slot and how they can be seen.
        </p>
      </header>
      <OfflineNotice queryKey={options.queryKey} />
      {doctorId === '' && (
        <p role="alert" className="alert alert-warning alert-soft">
          Create your doctor profile first (My Profile).
        </p>
      )}
      {schedule.isPending && doctorId !== '' && <Loading what="the schedule" />}
      {schedule.isError && !schedule.data && (
        <LoadError what="the schedule" error={schedule.error} retry={() => void schedule.refetch()} />
      )}
      {schedule.data?.places.map((place) => (
        <ScheduleEditor
          key={`${place.hospitalId ?? 'clinic'}-${place.updatedAt ?? 'new'}`}
          doctorId={schedule.data.doctorId}
          place={place}
        />
      ))}
    </section>
  );
}
