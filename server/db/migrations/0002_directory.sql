CREATE TABLE "diagnostics_centres" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"phone" text,
	"address" jsonb NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"pincode" text NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"description" text,
	"rating" numeric(2, 1) DEFAULT 0 NOT NULL,
	"review_count" integer DEFAULT 0 NOT NULL,
	"verification_status" text DEFAULT 'PENDING' NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"license_number" text NOT NULL,
	"facility_type" text NOT NULL,
	"tests_available" text[] DEFAULT '{}' NOT NULL,
	"equipment_available" text[] DEFAULT '{}' NOT NULL,
	"accreditations" text[] DEFAULT '{}' NOT NULL,
	"has_home_collection" boolean DEFAULT false NOT NULL,
	"has_emergency_service" boolean DEFAULT false NOT NULL,
	"insurance_accepted" text[] DEFAULT '{}' NOT NULL,
	"results_turnaround" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"staffing" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hospital_departments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"hospital_id" uuid NOT NULL,
	"name" text NOT NULL,
	"head_of_department" text,
	"phone" text,
	"floor" text,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hospital_emergency_contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"hospital_id" uuid NOT NULL,
	"name" text NOT NULL,
	"designation" text,
	"phone" text NOT NULL,
	"available24x7" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hospitals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"phone" text,
	"address" jsonb NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"pincode" text NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"description" text,
	"rating" numeric(2, 1) DEFAULT 0 NOT NULL,
	"review_count" integer DEFAULT 0 NOT NULL,
	"verification_status" text DEFAULT 'PENDING' NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"registration_number" text NOT NULL,
	"hospital_type" text NOT NULL,
	"classification" text,
	"specialties" text[] DEFAULT '{}' NOT NULL,
	"emergency_services" boolean DEFAULT false NOT NULL,
	"icu_availability" boolean DEFAULT false NOT NULL,
	"ambulance_service" boolean DEFAULT false NOT NULL,
	"insurance_partners" text[] DEFAULT '{}' NOT NULL,
	"total_beds" integer,
	"established_year" integer,
	"website" text
);
--> statement-breakpoint
CREATE TABLE "pharmacies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"phone" text,
	"address" jsonb NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"pincode" text NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"description" text,
	"rating" numeric(2, 1) DEFAULT 0 NOT NULL,
	"review_count" integer DEFAULT 0 NOT NULL,
	"verification_status" text DEFAULT 'PENDING' NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"license_number" text NOT NULL,
	"pharmacy_type" text NOT NULL,
	"services" text[] DEFAULT '{}' NOT NULL,
	"medication_types" text[] DEFAULT '{}' NOT NULL,
	"products" text[] DEFAULT '{}' NOT NULL,
	"has_home_delivery" boolean DEFAULT false NOT NULL,
	"has_emergency_service" boolean DEFAULT false NOT NULL,
	"insurance_partners" text[] DEFAULT '{}' NOT NULL,
	"opening_hours" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"emergency_info" jsonb
);
--> statement-breakpoint
CREATE TABLE "pharmacists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pharmacy_id" uuid NOT NULL,
	"name" text NOT NULL,
	"registration_number" text NOT NULL,
	"phone" text,
	"email" text,
	"is_verified" boolean DEFAULT false NOT NULL,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pharmacy_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pharmacy_id" uuid NOT NULL,
	"file_key" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "doctors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"phone" text,
	"address" jsonb NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"pincode" text NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"description" text,
	"rating" numeric(2, 1) DEFAULT 0 NOT NULL,
	"review_count" integer DEFAULT 0 NOT NULL,
	"verification_status" text DEFAULT 'PENDING' NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"slug" text NOT NULL,
	"registration_number" text NOT NULL,
	"gender" text,
	"specializations" text[] DEFAULT '{}' NOT NULL,
	"qualifications" text[] DEFAULT '{}' NOT NULL,
	"experience_years" integer DEFAULT 0 NOT NULL,
	"consultation_fee" numeric(10, 2),
	"languages_spoken" text[] DEFAULT '{}' NOT NULL,
	"availability" text DEFAULT 'BOTH' NOT NULL,
	"telemedicine_available" boolean DEFAULT false NOT NULL,
	"insurance_accepted" text[] DEFAULT '{}' NOT NULL,
	"hospital_id" uuid
);
--> statement-breakpoint
CREATE TABLE "medical_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" uuid NOT NULL,
	"condition" text NOT NULL,
	"diagnosed_on" date,
	"severity" text,
	"notes" text,
	"recorded_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "patient_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" uuid NOT NULL,
	"title" text NOT NULL,
	"file_key" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"uploaded_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "patients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text,
	"phone" text,
	"date_of_birth" date,
	"gender" text,
	"blood_group" text,
	"address" jsonb,
	"city" text,
	"state" text,
	"emergency_contact" jsonb,
	"allergies" text[] DEFAULT '{}' NOT NULL,
	"chronic_conditions" text[] DEFAULT '{}' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "hospital_departments" ADD CONSTRAINT "hospital_departments_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hospital_emergency_contacts" ADD CONSTRAINT "hospital_emergency_contacts_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pharmacists" ADD CONSTRAINT "pharmacists_pharmacy_id_pharmacies_id_fk" FOREIGN KEY ("pharmacy_id") REFERENCES "public"."pharmacies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pharmacy_images" ADD CONSTRAINT "pharmacy_images_pharmacy_id_pharmacies_id_fk" FOREIGN KEY ("pharmacy_id") REFERENCES "public"."pharmacies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doctors" ADD CONSTRAINT "doctors_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medical_history" ADD CONSTRAINT "medical_history_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_documents" ADD CONSTRAINT "patient_documents_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "diagnostics_centres_place_idx" ON "diagnostics_centres" USING btree ("state","city");--> statement-breakpoint
CREATE INDEX "diagnostics_centres_geo_idx" ON "diagnostics_centres" USING btree ("latitude","longitude");--> statement-breakpoint
CREATE INDEX "diagnostics_centres_visible_idx" ON "diagnostics_centres" USING btree ("verification_status","status");--> statement-breakpoint
CREATE INDEX "diagnostics_centres_name_idx" ON "diagnostics_centres" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "hospital_departments_hospital_idx" ON "hospital_departments" USING btree ("hospital_id");--> statement-breakpoint
CREATE INDEX "hospital_emergency_contacts_hospital_idx" ON "hospital_emergency_contacts" USING btree ("hospital_id");--> statement-breakpoint
CREATE INDEX "hospitals_place_idx" ON "hospitals" USING btree ("state","city");--> statement-breakpoint
CREATE INDEX "hospitals_geo_idx" ON "hospitals" USING btree ("latitude","longitude");--> statement-breakpoint
CREATE INDEX "hospitals_visible_idx" ON "hospitals" USING btree ("verification_status","status");--> statement-breakpoint
CREATE INDEX "hospitals_name_idx" ON "hospitals" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "pharmacies_place_idx" ON "pharmacies" USING btree ("state","city");--> statement-breakpoint
CREATE INDEX "pharmacies_geo_idx" ON "pharmacies" USING btree ("latitude","longitude");--> statement-breakpoint
CREATE INDEX "pharmacies_visible_idx" ON "pharmacies" USING btree ("verification_status","status");--> statement-breakpoint
CREATE INDEX "pharmacies_name_idx" ON "pharmacies" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "pharmacists_pharmacy_idx" ON "pharmacists" USING btree ("pharmacy_id");--> statement-breakpoint
CREATE INDEX "pharmacy_images_pharmacy_idx" ON "pharmacy_images" USING btree ("pharmacy_id");--> statement-breakpoint
CREATE INDEX "doctors_place_idx" ON "doctors" USING btree ("state","city");--> statement-breakpoint
CREATE INDEX "doctors_geo_idx" ON "doctors" USING btree ("latitude","longitude");--> statement-breakpoint
CREATE INDEX "doctors_visible_idx" ON "doctors" USING btree ("verification_status","status");--> statement-breakpoint
CREATE INDEX "doctors_name_idx" ON "doctors" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "doctors_slug_key" ON "doctors" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "doctors_hospital_idx" ON "doctors" USING btree ("hospital_id");--> statement-breakpoint
CREATE INDEX "medical_history_patient_idx" ON "medical_history" USING btree ("patient_id","created_at");--> statement-breakpoint
CREATE INDEX "patient_documents_patient_idx" ON "patient_documents" USING btree ("patient_id","created_at");--> statement-breakpoint
CREATE INDEX "patients_name_idx" ON "patients" USING btree (lower("last_name"),lower("first_name"));--> statement-breakpoint
CREATE INDEX "patients_place_idx" ON "patients" USING btree ("state","city");--> statement-breakpoint
CREATE INDEX "patients_phone_idx" ON "patients" USING btree ("phone");