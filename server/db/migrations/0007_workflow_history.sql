CREATE TABLE "workflow_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workflow" text NOT NULL,
	"entity_id" uuid NOT NULL,
	"action" text NOT NULL,
	"actor_user_id" uuid,
	"actor_role" text NOT NULL,
	"from_status" text NOT NULL,
	"to_status" text NOT NULL,
	"reason" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "workflow_history_entity_idx" ON "workflow_history" USING btree ("workflow","entity_id","at");--> statement-breakpoint
-- History is append-only: no row is ever changed or removed, whoever asks.
CREATE FUNCTION "workflow_history_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'workflow_history is append-only: % refused', TG_OP;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "workflow_history_append_only" BEFORE UPDATE OR DELETE ON "workflow_history"
  FOR EACH ROW EXECUTE FUNCTION "workflow_history_append_only"();
