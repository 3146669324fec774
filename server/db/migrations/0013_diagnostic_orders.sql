CREATE TABLE "centre_tests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"centre_id" uuid NOT NULL,
	"test_type" text NOT NULL,
	"price" integer,
	"sample_type" text DEFAULT 'BLOOD' NOT NULL,
	"fasting_hours" integer DEFAULT 0 NOT NULL,
	"preparation" text,
	"turnaround_hours" integer,
	"home_collection" boolean DEFAULT false NOT NULL,
	"unit" text DEFAULT '' NOT NULL,
	"reference_ranges" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"absolute_low" double precision,
	"absolute_high" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "diagnostic_critical_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_test_id" uuid NOT NULL,
	"result_id" uuid NOT NULL,
	"raised_at" timestamp with time zone DEFAULT now() NOT NULL,
	"acknowledged_by" uuid,
	"acknowledged_at" timestamp with time zone,
	"comment" text
);
--> statement-breakpoint
CREATE TABLE "diagnostic_attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_test_id" uuid NOT NULL,
	"file_key" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"uploaded_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "diagnostic_order_tests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"test_type" text NOT NULL,
	"status" text DEFAULT 'ORDERED' NOT NULL,
	"price" integer,
	"sample_type" text NOT NULL,
	"promised_hours" integer,
	"status_reason" text,
	"collected_at" timestamp with time zone,
	"collected_recorded_at" timestamp with time zone,
	"received_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"rejected_at" timestamp with time zone,
	"result_entered_at" timestamp with time zone,
	"released_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "diagnostic_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"centre_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"doctor_id" uuid,
	"hospital_id" uuid,
	"consultation_id" uuid,
	"priority" text DEFAULT 'ROUTINE' NOT NULL,
	"status" text DEFAULT 'ORDERED' NOT NULL,
	"clinical_notes" text,
	"collection_address" jsonb,
	"window_start" timestamp with time zone,
	"window_end" timestamp with time zone,
	"assignee_user_id" uuid,
	"prescription" jsonb,
	"created_by" uuid NOT NULL,
	"created_by_role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "diagnostic_orders_window_check" CHECK (("diagnostic_orders"."window_start" is null) = ("diagnostic_orders"."window_end" is null) and ("diagnostic_orders"."window_end" is null or "diagnostic_orders"."window_end" > "diagnostic_orders"."window_start"))
);
--> statement-breakpoint
CREATE TABLE "diagnostic_results" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_test_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"kind" text NOT NULL,
	"value" double precision,
	"unit" text DEFAULT '' NOT NULL,
	"code" text,
	"text" text,
	"comment" text,
	"reference_range" jsonb,
	"flag" text,
	"correction_reason" text,
	"entered_by" uuid NOT NULL,
	"entered_by_name" text,
	"entered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_at" timestamp with time zone,
	"released_by" uuid
);
--> statement-breakpoint
ALTER TABLE "centre_tests" ADD CONSTRAINT "centre_tests_centre_id_diagnostics_centres_id_fk" FOREIGN KEY ("centre_id") REFERENCES "public"."diagnostics_centres"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diagnostic_critical_alerts" ADD CONSTRAINT "diagnostic_critical_alerts_order_test_id_diagnostic_order_tests_id_fk" FOREIGN KEY ("order_test_id") REFERENCES "public"."diagnostic_order_tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diagnostic_critical_alerts" ADD CONSTRAINT "diagnostic_critical_alerts_result_id_diagnostic_results_id_fk" FOREIGN KEY ("result_id") REFERENCES "public"."diagnostic_results"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diagnostic_attachments" ADD CONSTRAINT "diagnostic_attachments_order_test_id_diagnostic_order_tests_id_fk" FOREIGN KEY ("order_test_id") REFERENCES "public"."diagnostic_order_tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diagnostic_order_tests" ADD CONSTRAINT "diagnostic_order_tests_order_id_diagnostic_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."diagnostic_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diagnostic_orders" ADD CONSTRAINT "diagnostic_orders_centre_id_diagnostics_centres_id_fk" FOREIGN KEY ("centre_id") REFERENCES "public"."diagnostics_centres"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diagnostic_orders" ADD CONSTRAINT "diagnostic_orders_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diagnostic_orders" ADD CONSTRAINT "diagnostic_orders_doctor_id_doctors_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."doctors"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diagnostic_orders" ADD CONSTRAINT "diagnostic_orders_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diagnostic_orders" ADD CONSTRAINT "diagnostic_orders_assignee_user_id_users_id_fk" FOREIGN KEY ("assignee_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diagnostic_results" ADD CONSTRAINT "diagnostic_results_order_test_id_diagnostic_order_tests_id_fk" FOREIGN KEY ("order_test_id") REFERENCES "public"."diagnostic_order_tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "centre_tests_centre_test_key" ON "centre_tests" USING btree ("centre_id","test_type");--> statement-breakpoint
CREATE UNIQUE INDEX "diagnostic_critical_alerts_test_key" ON "diagnostic_critical_alerts" USING btree ("order_test_id");--> statement-breakpoint
CREATE UNIQUE INDEX "diagnostic_attachments_file_key" ON "diagnostic_attachments" USING btree ("order_test_id","file_key");--> statement-breakpoint
CREATE INDEX "diagnostic_order_tests_order_idx" ON "diagnostic_order_tests" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "diagnostic_order_tests_order_test_key" ON "diagnostic_order_tests" USING btree ("order_id","test_type");--> statement-breakpoint
CREATE INDEX "diagnostic_orders_centre_idx" ON "diagnostic_orders" USING btree ("centre_id","created_at");--> statement-breakpoint
CREATE INDEX "diagnostic_orders_patient_idx" ON "diagnostic_orders" USING btree ("patient_id","created_at");--> statement-breakpoint
CREATE INDEX "diagnostic_orders_doctor_idx" ON "diagnostic_orders" USING btree ("doctor_id","created_at");--> statement-breakpoint
CREATE INDEX "diagnostic_orders_hospital_idx" ON "diagnostic_orders" USING btree ("hospital_id","created_at");--> statement-breakpoint
CREATE INDEX "diagnostic_orders_consultation_idx" ON "diagnostic_orders" USING btree ("consultation_id");--> statement-breakpoint
CREATE INDEX "diagnostic_orders_assignee_idx" ON "diagnostic_orders" USING btree ("assignee_user_id","window_start");--> statement-breakpoint
CREATE UNIQUE INDEX "diagnostic_results_version_key" ON "diagnostic_results" USING btree ("order_test_id","version");