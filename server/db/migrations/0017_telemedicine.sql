ALTER TABLE "consultations" ADD COLUMN "telemedicine_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "consultations" ADD COLUMN "telemedicine_session_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "consultations" ADD COLUMN "telemedicine_ended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "consultations" ADD COLUMN "telemedicine_seconds" integer DEFAULT 0 NOT NULL;