CREATE TABLE "verification_document_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"document_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"file_key" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verification_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" uuid NOT NULL,
	"document_type" text NOT NULL,
	"version" integer NOT NULL,
	"current" boolean DEFAULT true NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"document_number" text NOT NULL,
	"number_key" text NOT NULL,
	"issuing_authority" text NOT NULL,
	"issue_date" date NOT NULL,
	"expiry_date" date,
	"uploaded_by" uuid,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "verification_expiry_notices" (
	"document_id" uuid NOT NULL,
	"urgency" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "verification_expiry_notices_document_id_urgency_pk" PRIMARY KEY("document_id","urgency")
);
--> statement-breakpoint
CREATE TABLE "verification_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"document_id" uuid NOT NULL,
	"entity_id" uuid NOT NULL,
	"action" text NOT NULL,
	"from_status" text NOT NULL,
	"to_status" text NOT NULL,
	"reason" text,
	"registry_check" text NOT NULL,
	"check_note" text,
	"reviewer_id" uuid,
	"reviewer_name" text,
	"reviewed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "diagnostics_centres" ADD COLUMN "listed_until" date;--> statement-breakpoint
ALTER TABLE "hospitals" ADD COLUMN "listed_until" date;--> statement-breakpoint
ALTER TABLE "pharmacies" ADD COLUMN "listed_until" date;--> statement-breakpoint
ALTER TABLE "doctors" ADD COLUMN "listed_until" date;--> statement-breakpoint
ALTER TABLE "verification_document_files" ADD CONSTRAINT "verification_document_files_document_id_verification_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."verification_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_expiry_notices" ADD CONSTRAINT "verification_expiry_notices_document_id_verification_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."verification_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_reviews" ADD CONSTRAINT "verification_reviews_document_id_verification_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."verification_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "verification_document_files_position_key" ON "verification_document_files" USING btree ("document_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "verification_documents_version_key" ON "verification_documents" USING btree ("entity_id","document_type","version");--> statement-breakpoint
CREATE UNIQUE INDEX "verification_documents_current_key" ON "verification_documents" USING btree ("entity_id","document_type") WHERE "verification_documents"."current";--> statement-breakpoint
CREATE INDEX "verification_documents_entity_idx" ON "verification_documents" USING btree ("entity_type","entity_id");--> statement-breakpoint
CREATE INDEX "verification_documents_number_idx" ON "verification_documents" USING btree ("document_type","number_key");--> statement-breakpoint
CREATE INDEX "verification_documents_waiting_idx" ON "verification_documents" USING btree ("status","uploaded_at");--> statement-breakpoint
CREATE INDEX "verification_documents_expiry_idx" ON "verification_documents" USING btree ("expiry_date");--> statement-breakpoint
CREATE INDEX "verification_reviews_document_idx" ON "verification_reviews" USING btree ("document_id","reviewed_at");--> statement-breakpoint
CREATE INDEX "verification_reviews_entity_idx" ON "verification_reviews" USING btree ("entity_id","reviewed_at");--> statement-breakpoint
-- Review decisions are append-only: no decision is ever changed or removed.
CREATE FUNCTION "verification_reviews_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'verification_reviews is append-only: % refused', TG_OP;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "verification_reviews_append_only" BEFORE UPDATE OR DELETE ON "verification_reviews"
  FOR EACH ROW EXECUTE FUNCTION "verification_reviews_append_only"();
