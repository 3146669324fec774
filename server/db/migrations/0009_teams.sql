ALTER TABLE "users" ADD COLUMN "is_owner" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "duties" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deactivated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "invited_at" timestamp with time zone;--> statement-breakpoint
-- Every account already linked to a hospital, pharmacy, diagnostics centre or doctor onboarded it: its owner.
UPDATE "users" SET "is_owner" = true WHERE "reference_id" IS NOT NULL AND "role" IN ('HOSPITAL', 'PHARMACY', 'DIAGNOSTICS', 'DOCTOR');
