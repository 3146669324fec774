CREATE TABLE "consultation_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"consultation_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"severity" text NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"acknowledged_at" timestamp with time zone,
	"acknowledged_by" uuid,
	"acknowledged_by_name" text,
	"comment" text
);
--> statement-breakpoint
CREATE TABLE "consultation_audit" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"consultation_id" uuid NOT NULL,
	"actor_user_id" uuid,
	"actor_role" text NOT NULL,
	"actor_name" text NOT NULL,
	"action" text NOT NULL,
	"what" text NOT NULL,
	"emergency" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consultation_consents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"consultation_id" uuid NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"scope" text NOT NULL,
	"agreed" boolean NOT NULL,
	"given_by" text NOT NULL,
	"guardian_name" text,
	"recorded_by_name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consultation_diagnoses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"consultation_id" uuid NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" text,
	"description" text NOT NULL,
	"certainty" text NOT NULL,
	"rank" text NOT NULL,
	"notes" text
);
--> statement-breakpoint
CREATE TABLE "consultation_emergency_grants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"consultation_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"reference_id" uuid,
	"name" text NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consultation_prescriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"consultation_id" uuid NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"generic_name" text NOT NULL,
	"brand_name" text,
	"strength" text,
	"form" text NOT NULL,
	"route" text NOT NULL,
	"dose" text NOT NULL,
	"frequency" text NOT NULL,
	"duration" text NOT NULL,
	"quantity" integer,
	"instructions" text,
	"allergy_check" jsonb NOT NULL,
	"interaction_check" jsonb NOT NULL,
	"override_reason" text
);
--> statement-breakpoint
CREATE TABLE "consultation_tests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"consultation_id" uuid NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"test_name" text NOT NULL,
	"priority" text DEFAULT 'ROUTINE' NOT NULL,
	"instructions" text
);
--> statement-breakpoint
CREATE TABLE "consultation_vitals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"consultation_id" uuid NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"temperature" double precision,
	"temperature_unit" text DEFAULT 'C' NOT NULL,
	"pulse" double precision,
	"systolic" double precision,
	"diastolic" double precision,
	"respiratory_rate" double precision,
	"spo2" double precision,
	"weight_kg" double precision,
	"height_cm" double precision,
	"bmi" double precision,
	"blood_sugar" double precision,
	"readings" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consultations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"appointment_id" uuid,
	"patient_id" uuid NOT NULL,
	"doctor_id" uuid,
	"hospital_id" uuid,
	"status" text DEFAULT 'SCHEDULED' NOT NULL,
	"consultation_type" text DEFAULT 'IN_PERSON' NOT NULL,
	"visit_type" text DEFAULT 'INITIAL' NOT NULL,
	"severity" text,
	"chief_complaint" text DEFAULT '' NOT NULL,
	"history" text DEFAULT '' NOT NULL,
	"examination" text DEFAULT '' NOT NULL,
	"advice" text DEFAULT '' NOT NULL,
	"follow_up" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"private_notes" text DEFAULT '' NOT NULL,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consultations_party_check" CHECK ("consultations"."doctor_id" is not null or "consultations"."hospital_id" is not null)
);
--> statement-breakpoint
ALTER TABLE "consultation_alerts" ADD CONSTRAINT "consultation_alerts_consultation_id_consultations_id_fk" FOREIGN KEY ("consultation_id") REFERENCES "public"."consultations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultation_audit" ADD CONSTRAINT "consultation_audit_consultation_id_consultations_id_fk" FOREIGN KEY ("consultation_id") REFERENCES "public"."consultations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultation_consents" ADD CONSTRAINT "consultation_consents_consultation_id_consultations_id_fk" FOREIGN KEY ("consultation_id") REFERENCES "public"."consultations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultation_diagnoses" ADD CONSTRAINT "consultation_diagnoses_consultation_id_consultations_id_fk" FOREIGN KEY ("consultation_id") REFERENCES "public"."consultations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultation_emergency_grants" ADD CONSTRAINT "consultation_emergency_grants_consultation_id_consultations_id_fk" FOREIGN KEY ("consultation_id") REFERENCES "public"."consultations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultation_prescriptions" ADD CONSTRAINT "consultation_prescriptions_consultation_id_consultations_id_fk" FOREIGN KEY ("consultation_id") REFERENCES "public"."consultations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultation_tests" ADD CONSTRAINT "consultation_tests_consultation_id_consultations_id_fk" FOREIGN KEY ("consultation_id") REFERENCES "public"."consultations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultation_vitals" ADD CONSTRAINT "consultation_vitals_consultation_id_consultations_id_fk" FOREIGN KEY ("consultation_id") REFERENCES "public"."consultations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultations" ADD CONSTRAINT "consultations_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultations" ADD CONSTRAINT "consultations_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultations" ADD CONSTRAINT "consultations_doctor_id_doctors_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."doctors"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultations" ADD CONSTRAINT "consultations_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consultation_alerts_idx" ON "consultation_alerts" USING btree ("consultation_id","created_at");--> statement-breakpoint
CREATE INDEX "consultation_audit_idx" ON "consultation_audit" USING btree ("consultation_id","created_at");--> statement-breakpoint
CREATE INDEX "consultation_consents_idx" ON "consultation_consents" USING btree ("consultation_id","created_at");--> statement-breakpoint
CREATE INDEX "consultation_diagnoses_idx" ON "consultation_diagnoses" USING btree ("consultation_id","created_at");--> statement-breakpoint
CREATE INDEX "consultation_emergency_grants_idx" ON "consultation_emergency_grants" USING btree ("consultation_id","user_id","expires_at");--> statement-breakpoint
CREATE INDEX "consultation_emergency_grants_time_idx" ON "consultation_emergency_grants" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "consultation_prescriptions_idx" ON "consultation_prescriptions" USING btree ("consultation_id","created_at");--> statement-breakpoint
CREATE INDEX "consultation_tests_idx" ON "consultation_tests" USING btree ("consultation_id","created_at");--> statement-breakpoint
CREATE INDEX "consultation_vitals_idx" ON "consultation_vitals" USING btree ("consultation_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "consultations_appointment_key" ON "consultations" USING btree ("appointment_id");--> statement-breakpoint
CREATE INDEX "consultations_patient_idx" ON "consultations" USING btree ("patient_id","created_at");--> statement-breakpoint
CREATE INDEX "consultations_doctor_idx" ON "consultations" USING btree ("doctor_id","created_at");--> statement-breakpoint
CREATE INDEX "consultations_hospital_idx" ON "consultations" USING btree ("hospital_id","created_at");