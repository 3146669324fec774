CREATE TABLE "affiliation_commission_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"affiliation_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"effective_from" date NOT NULL,
	"effective_to" date,
	"rules" jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "affiliation_ledger" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"affiliation_id" uuid NOT NULL,
	"source_kind" text NOT NULL,
	"source_id" uuid,
	"service_type" text NOT NULL,
	"amount_paise" integer NOT NULL,
	"commission_paise" integer NOT NULL,
	"structure_version" integer,
	"reason" text,
	"statement_id" uuid,
	"occurred_at" timestamp with time zone NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "affiliation_statements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"affiliation_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"period_from" date NOT NULL,
	"period_to" date NOT NULL,
	"line_count" integer NOT NULL,
	"total_amount_paise" integer NOT NULL,
	"total_commission_paise" integer NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "affiliation_terms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"affiliation_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"type" text NOT NULL,
	"benefits" jsonb NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"terms" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "affiliations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"proposer_kind" text NOT NULL,
	"proposer_id" uuid NOT NULL,
	"recipient_kind" text NOT NULL,
	"recipient_id" uuid NOT NULL,
	"party_type" text NOT NULL,
	"type" text NOT NULL,
	"benefits" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"terms" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"reason" text,
	"consented_at" timestamp with time zone,
	"consented_by" uuid,
	"verification_required" boolean DEFAULT false NOT NULL,
	"verified_at" timestamp with time zone,
	"verified_by" uuid,
	"activated_at" timestamp with time zone,
	"reminders_sent" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "affiliations_two_parties" CHECK ("affiliations"."proposer_id" <> "affiliations"."recipient_id")
);
--> statement-breakpoint
ALTER TABLE "affiliation_commission_versions" ADD CONSTRAINT "affiliation_commission_versions_affiliation_id_affiliations_id_fk" FOREIGN KEY ("affiliation_id") REFERENCES "public"."affiliations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliation_ledger" ADD CONSTRAINT "affiliation_ledger_affiliation_id_affiliations_id_fk" FOREIGN KEY ("affiliation_id") REFERENCES "public"."affiliations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliation_ledger" ADD CONSTRAINT "affiliation_ledger_statement_id_affiliation_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."affiliation_statements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliation_statements" ADD CONSTRAINT "affiliation_statements_affiliation_id_affiliations_id_fk" FOREIGN KEY ("affiliation_id") REFERENCES "public"."affiliations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliation_terms" ADD CONSTRAINT "affiliation_terms_affiliation_id_affiliations_id_fk" FOREIGN KEY ("affiliation_id") REFERENCES "public"."affiliations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "affiliation_commission_version_key" ON "affiliation_commission_versions" USING btree ("affiliation_id","version");--> statement-breakpoint
CREATE INDEX "affiliation_ledger_affiliation_idx" ON "affiliation_ledger" USING btree ("affiliation_id","occurred_at");--> statement-breakpoint
CREATE UNIQUE INDEX "affiliation_ledger_source_key" ON "affiliation_ledger" USING btree ("affiliation_id","source_kind","source_id") WHERE "affiliation_ledger"."source_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "affiliation_statements_number_key" ON "affiliation_statements" USING btree ("affiliation_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "affiliation_terms_version_key" ON "affiliation_terms" USING btree ("affiliation_id","version");--> statement-breakpoint
CREATE INDEX "affiliations_proposer_idx" ON "affiliations" USING btree ("proposer_id");--> statement-breakpoint
CREATE INDEX "affiliations_recipient_idx" ON "affiliations" USING btree ("recipient_id");--> statement-breakpoint
CREATE INDEX "affiliations_status_end_idx" ON "affiliations" USING btree ("status","end_date");