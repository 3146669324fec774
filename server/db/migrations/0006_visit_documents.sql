CREATE TABLE "appointment_documents" (
	"appointment_id" uuid NOT NULL,
	"document_id" uuid NOT NULL,
	"shared_at" timestamp with time zone DEFAULT now() NOT NULL,
	"shared_by" uuid NOT NULL,
	CONSTRAINT "appointment_documents_appointment_id_document_id_pk" PRIMARY KEY("appointment_id","document_id")
);
--> statement-breakpoint
ALTER TABLE "appointment_documents" ADD CONSTRAINT "appointment_documents_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_documents" ADD CONSTRAINT "appointment_documents_document_id_patient_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."patient_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointment_documents_document_idx" ON "appointment_documents" USING btree ("document_id");