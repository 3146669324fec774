CREATE TABLE "consultation_admissions" (
	"consultation_id" uuid PRIMARY KEY NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"ward" text,
	"bed" text,
	"admitted_at" timestamp with time zone,
	"discharged_at" timestamp with time zone,
	"discharge_summary" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consultation_bill_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"consultation_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"description" text NOT NULL,
	"amount_paise" integer NOT NULL,
	"tax_rate_bps" integer DEFAULT 0 NOT NULL,
	"method" text,
	"reference" text,
	"failed" boolean DEFAULT false NOT NULL,
	"created_by" uuid,
	"created_by_role" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consultation_bill_lines_amount_check" CHECK ("consultation_bill_lines"."amount_paise" > 0)
);
--> statement-breakpoint
CREATE TABLE "consultation_feedback" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"consultation_id" uuid NOT NULL,
	"rating" integer NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consultation_feedback_rating_check" CHECK ("consultation_feedback"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "consultation_follow_ups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"consultation_id" uuid NOT NULL,
	"appointment_id" uuid,
	"proposed_at" timestamp with time zone NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"reminded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consultation_referrals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"consultation_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"target_kind" text NOT NULL,
	"target_id" uuid NOT NULL,
	"urgency" text NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"response_note" text,
	"responded_at" timestamp with time zone,
	"booked_appointment_id" uuid,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "consultation_admissions" ADD CONSTRAINT "consultation_admissions_consultation_id_consultations_id_fk" FOREIGN KEY ("consultation_id") REFERENCES "public"."consultations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultation_bill_lines" ADD CONSTRAINT "consultation_bill_lines_consultation_id_consultations_id_fk" FOREIGN KEY ("consultation_id") REFERENCES "public"."consultations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultation_feedback" ADD CONSTRAINT "consultation_feedback_consultation_id_consultations_id_fk" FOREIGN KEY ("consultation_id") REFERENCES "public"."consultations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultation_follow_ups" ADD CONSTRAINT "consultation_follow_ups_consultation_id_consultations_id_fk" FOREIGN KEY ("consultation_id") REFERENCES "public"."consultations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultation_follow_ups" ADD CONSTRAINT "consultation_follow_ups_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultation_referrals" ADD CONSTRAINT "consultation_referrals_consultation_id_consultations_id_fk" FOREIGN KEY ("consultation_id") REFERENCES "public"."consultations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultation_referrals" ADD CONSTRAINT "consultation_referrals_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultation_referrals" ADD CONSTRAINT "consultation_referrals_booked_appointment_id_appointments_id_fk" FOREIGN KEY ("booked_appointment_id") REFERENCES "public"."appointments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consultation_bill_lines_idx" ON "consultation_bill_lines" USING btree ("consultation_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "consultation_feedback_key" ON "consultation_feedback" USING btree ("consultation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "consultation_follow_ups_key" ON "consultation_follow_ups" USING btree ("consultation_id");--> statement-breakpoint
CREATE INDEX "consultation_referrals_consultation_idx" ON "consultation_referrals" USING btree ("consultation_id");--> statement-breakpoint
CREATE INDEX "consultation_referrals_target_idx" ON "consultation_referrals" USING btree ("target_kind","target_id","created_at");--> statement-breakpoint
CREATE INDEX "consultation_referrals_patient_idx" ON "consultation_referrals" USING btree ("patient_id","created_at");