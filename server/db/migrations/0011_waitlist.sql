CREATE TABLE "waitlist_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" uuid NOT NULL,
	"doctor_id" uuid,
	"hospital_id" uuid,
	"queue_id" uuid NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"priority" text DEFAULT 'MEDIUM' NOT NULL,
	"urgency" text DEFAULT 'MEDIUM' NOT NULL,
	"position" integer NOT NULL,
	"preferred_from" date NOT NULL,
	"preferred_to" date NOT NULL,
	"times_of_day" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"mode" text,
	"reason" text NOT NULL,
	"status_reason" text,
	"appointment_id" uuid,
	"replaces_appointment_id" uuid,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "waitlist_freed_slots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"doctor_id" uuid NOT NULL,
	"hospital_id" uuid,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"modes" jsonb NOT NULL,
	"preferred_mode" text,
	"cause" text NOT NULL,
	"state" text DEFAULT 'OPEN' NOT NULL,
	"freed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"filled_at" timestamp with time zone,
	"appointment_id" uuid
);
--> statement-breakpoint
CREATE TABLE "waitlist_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slot_id" uuid NOT NULL,
	"entry_id" uuid NOT NULL,
	"status" text DEFAULT 'HELD' NOT NULL,
	"source" text NOT NULL,
	"mode" text NOT NULL,
	"notify_at" timestamp with time zone NOT NULL,
	"delivered_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_doctor_id_doctors_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."doctors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_replaces_appointment_id_appointments_id_fk" FOREIGN KEY ("replaces_appointment_id") REFERENCES "public"."appointments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_freed_slots" ADD CONSTRAINT "waitlist_freed_slots_doctor_id_doctors_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."doctors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_freed_slots" ADD CONSTRAINT "waitlist_freed_slots_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_freed_slots" ADD CONSTRAINT "waitlist_freed_slots_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_offers" ADD CONSTRAINT "waitlist_offers_slot_id_waitlist_freed_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."waitlist_freed_slots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_offers" ADD CONSTRAINT "waitlist_offers_entry_id_waitlist_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."waitlist_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "waitlist_entries_queue_idx" ON "waitlist_entries" USING btree ("queue_id","status","position");--> statement-breakpoint
CREATE INDEX "waitlist_entries_patient_idx" ON "waitlist_entries" USING btree ("patient_id","created_at");--> statement-breakpoint
CREATE INDEX "waitlist_entries_doctor_idx" ON "waitlist_entries" USING btree ("doctor_id");--> statement-breakpoint
CREATE INDEX "waitlist_entries_hospital_idx" ON "waitlist_entries" USING btree ("hospital_id");--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_freed_slots_live_key" ON "waitlist_freed_slots" USING btree ("doctor_id","starts_at") WHERE "waitlist_freed_slots"."state" in ('OPEN', 'OFFERED');--> statement-breakpoint
CREATE INDEX "waitlist_freed_slots_hospital_idx" ON "waitlist_freed_slots" USING btree ("hospital_id","freed_at");--> statement-breakpoint
CREATE INDEX "waitlist_freed_slots_doctor_idx" ON "waitlist_freed_slots" USING btree ("doctor_id","freed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_offers_one_per_slot" ON "waitlist_offers" USING btree ("slot_id") WHERE "waitlist_offers"."status" = 'HELD';--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_offers_one_per_entry" ON "waitlist_offers" USING btree ("entry_id") WHERE "waitlist_offers"."status" = 'HELD';--> statement-breakpoint
CREATE INDEX "waitlist_offers_entry_idx" ON "waitlist_offers" USING btree ("entry_id","created_at");--> statement-breakpoint
CREATE INDEX "waitlist_offers_held_idx" ON "waitlist_offers" USING btree ("status","expires_at");