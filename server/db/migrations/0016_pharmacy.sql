CREATE TABLE "medicine_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pharmacy_id" uuid NOT NULL,
	"medicine_id" uuid NOT NULL,
	"batch_number" text NOT NULL,
	"expiry_date" date NOT NULL,
	"mrp" integer NOT NULL,
	"purchase_price" integer NOT NULL,
	"recalled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "medicines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pharmacy_id" uuid NOT NULL,
	"generic_name" text NOT NULL,
	"brand_name" text NOT NULL,
	"strength" text DEFAULT '' NOT NULL,
	"form" text DEFAULT '' NOT NULL,
	"pack_size" integer DEFAULT 1 NOT NULL,
	"category" text NOT NULL,
	"product_category" text,
	"schedule" text NOT NULL,
	"reorder_level" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pharmacy_order_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"prescribed_name" text NOT NULL,
	"medicine_id" uuid,
	"quantity" integer NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"reservations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"batch_override_reason" text,
	"unit_price" integer,
	"dispensed_at" timestamp with time zone,
	"sealed_return" boolean
);
--> statement-breakpoint
CREATE TABLE "pharmacy_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_number" text NOT NULL,
	"pharmacy_id" uuid NOT NULL,
	"patient_id" uuid,
	"walk_in_name" text,
	"doctor_id" uuid,
	"hospital_id" uuid,
	"consultation_id" uuid,
	"order_type" text DEFAULT 'NEW_PRESCRIPTION' NOT NULL,
	"priority" text DEFAULT 'NORMAL' NOT NULL,
	"status" text DEFAULT 'RECEIVED' NOT NULL,
	"status_reason" text,
	"delivery_method" text DEFAULT 'PICKUP' NOT NULL,
	"delivery_address" text,
	"delivery_person" text,
	"tracking_note" text,
	"delivered_at" timestamp with time zone,
	"payment_status" text DEFAULT 'PENDING' NOT NULL,
	"prescription" jsonb,
	"prescriber_name" text,
	"prescriber_registration" text,
	"prescription_date" date,
	"verified_by" uuid,
	"verified_at" timestamp with time zone,
	"prepared_by" uuid,
	"quality_check" jsonb,
	"ready_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"notes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" uuid NOT NULL,
	"created_by_role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pharmacy_orders_orderNumber_unique" UNIQUE("order_number")
);
--> statement-breakpoint
CREATE TABLE "pharmacy_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pharmacy_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"rating" integer NOT NULL,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pharmacy_reviews_orderId_unique" UNIQUE("order_id"),
	CONSTRAINT "pharmacy_reviews_rating_check" CHECK ("pharmacy_reviews"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "stock_ledger" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pharmacy_id" uuid NOT NULL,
	"batch_id" uuid NOT NULL,
	"medicine_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"quantity" integer NOT NULL,
	"balance" integer NOT NULL,
	"reason" text,
	"order_id" uuid,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_ledger_balance_check" CHECK ("stock_ledger"."balance" >= 0)
);
--> statement-breakpoint
ALTER TABLE "medicine_batches" ADD CONSTRAINT "medicine_batches_pharmacy_id_pharmacies_id_fk" FOREIGN KEY ("pharmacy_id") REFERENCES "public"."pharmacies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medicine_batches" ADD CONSTRAINT "medicine_batches_medicine_id_medicines_id_fk" FOREIGN KEY ("medicine_id") REFERENCES "public"."medicines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medicines" ADD CONSTRAINT "medicines_pharmacy_id_pharmacies_id_fk" FOREIGN KEY ("pharmacy_id") REFERENCES "public"."pharmacies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pharmacy_order_items" ADD CONSTRAINT "pharmacy_order_items_order_id_pharmacy_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."pharmacy_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pharmacy_order_items" ADD CONSTRAINT "pharmacy_order_items_medicine_id_medicines_id_fk" FOREIGN KEY ("medicine_id") REFERENCES "public"."medicines"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pharmacy_orders" ADD CONSTRAINT "pharmacy_orders_pharmacy_id_pharmacies_id_fk" FOREIGN KEY ("pharmacy_id") REFERENCES "public"."pharmacies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pharmacy_orders" ADD CONSTRAINT "pharmacy_orders_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pharmacy_orders" ADD CONSTRAINT "pharmacy_orders_doctor_id_doctors_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."doctors"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pharmacy_orders" ADD CONSTRAINT "pharmacy_orders_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pharmacy_orders" ADD CONSTRAINT "pharmacy_orders_verified_by_users_id_fk" FOREIGN KEY ("verified_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pharmacy_orders" ADD CONSTRAINT "pharmacy_orders_prepared_by_users_id_fk" FOREIGN KEY ("prepared_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pharmacy_reviews" ADD CONSTRAINT "pharmacy_reviews_pharmacy_id_pharmacies_id_fk" FOREIGN KEY ("pharmacy_id") REFERENCES "public"."pharmacies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pharmacy_reviews" ADD CONSTRAINT "pharmacy_reviews_order_id_pharmacy_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."pharmacy_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pharmacy_reviews" ADD CONSTRAINT "pharmacy_reviews_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_ledger" ADD CONSTRAINT "stock_ledger_pharmacy_id_pharmacies_id_fk" FOREIGN KEY ("pharmacy_id") REFERENCES "public"."pharmacies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_ledger" ADD CONSTRAINT "stock_ledger_batch_id_medicine_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."medicine_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_ledger" ADD CONSTRAINT "stock_ledger_medicine_id_medicines_id_fk" FOREIGN KEY ("medicine_id") REFERENCES "public"."medicines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_ledger" ADD CONSTRAINT "stock_ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "medicine_batches_number_key" ON "medicine_batches" USING btree ("medicine_id","batch_number");--> statement-breakpoint
CREATE INDEX "medicine_batches_expiry_idx" ON "medicine_batches" USING btree ("pharmacy_id","expiry_date");--> statement-breakpoint
CREATE INDEX "medicines_pharmacy_idx" ON "medicines" USING btree ("pharmacy_id","generic_name");--> statement-breakpoint
CREATE UNIQUE INDEX "medicines_pharmacy_brand_key" ON "medicines" USING btree ("pharmacy_id","brand_name","strength","form");--> statement-breakpoint
CREATE INDEX "pharmacy_order_items_order_idx" ON "pharmacy_order_items" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "pharmacy_orders_pharmacy_idx" ON "pharmacy_orders" USING btree ("pharmacy_id","created_at");--> statement-breakpoint
CREATE INDEX "pharmacy_orders_patient_idx" ON "pharmacy_orders" USING btree ("patient_id","created_at");--> statement-breakpoint
CREATE INDEX "pharmacy_orders_doctor_idx" ON "pharmacy_orders" USING btree ("doctor_id");--> statement-breakpoint
CREATE INDEX "pharmacy_orders_hospital_idx" ON "pharmacy_orders" USING btree ("hospital_id");--> statement-breakpoint
CREATE INDEX "pharmacy_orders_consultation_idx" ON "pharmacy_orders" USING btree ("consultation_id");--> statement-breakpoint
CREATE INDEX "pharmacy_reviews_pharmacy_idx" ON "pharmacy_reviews" USING btree ("pharmacy_id");--> statement-breakpoint
CREATE INDEX "stock_ledger_batch_idx" ON "stock_ledger" USING btree ("batch_id","created_at");--> statement-breakpoint
CREATE INDEX "stock_ledger_pharmacy_idx" ON "stock_ledger" USING btree ("pharmacy_id","created_at");