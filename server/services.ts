import type { AppContext } from './platform/context.ts';
import type { Job } from './platform/jobs.ts';
import { accountsService } from './modules/accounts/service.ts';
import { teamUseCases } from './modules/accounts/teams.ts';
import { appointmentExpiryJob } from './modules/appointments/jobs.ts';
import { appointmentsService } from './modules/appointments/service.ts';
import { catalogueUseCases } from './modules/diagnostic-orders/catalogue.ts';
import { diagnosticOrdersService } from './modules/diagnostic-orders/service.ts';
import { orderTestUseCases } from './modules/diagnostic-orders/tests.ts';
import { diagnosticsService } from './modules/diagnostics/service.ts';
import { doctorsService } from './modules/doctors/service.ts';
import { hospitalsService } from './modules/hospitals/service.ts';
import { notificationsService } from './modules/notifications/service.ts';
import { patientsService } from './modules/patients/service.ts';
import { schedulesService } from './modules/schedules/service.ts';
import { pharmaciesService } from './modules/pharmacies/service.ts';
import { documentExpiryJob } from './modules/verification/jobs.ts';
import { verificationService } from './modules/verification/service.ts';

/**
 * The composition root: every service is built here, once, from the platform pieces it declares,
 * and handed to the routes and jobs that use it. No service builds another.
 */
export function buildServices(ctx: AppContext) {
  const { db, realtime, push, files, mailer, tokens, config } = ctx;
  const notifications = notificationsService({ db, realtime, push, pushServiceHosts: config.pushServiceHosts });
  const announcing = { realtime, notify: notifications };
  const verification = verificationService({ db, files, ...announcing });
  const schedules = schedulesService({ db });
  return {
    accounts: accountsService({ db, mailer, tokens, realtime, publicUrl: config.publicUrl }),
    teams: teamUseCases({ db, mailer, realtime, publicUrl: config.publicUrl }),
    notifications,
    hospitals: hospitalsService({ db }),
    doctors: doctorsService({ db }),
    diagnostics: diagnosticsService({ db }),
    pharmacies: pharmaciesService({ db, files }),
    patients: patientsService({ db, files }),
    schedules,
    appointments: appointmentsService({ db, ...announcing, schedules }),
    verification,
    catalogue: catalogueUseCases({ db }),
    // Consultations join through `consultations` (diagnostic-orders/service.ts ConsultationHooks) once they land.
    diagnosticOrders: diagnosticOrdersService({ db, files, ...announcing }),
    orderTests: orderTestUseCases({ db, files, ...announcing }),
    /** The modules' scheduled jobs (the platform's own sweeps are added beside them in buildApp). */
    jobs: [appointmentExpiryJob(announcing), documentExpiryJob({ db, ...announcing, verification })] satisfies Job[],
  };
}

export type Services = ReturnType<typeof buildServices>;
