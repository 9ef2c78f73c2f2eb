-- LTI 1.3 platform (issue 51 slice 1, ADR 068): registered tools, the platform's signing keys (current + previous,
-- private halves sealed), "external tool" items of a section, launches begun (single use), the nonces a tool sent
-- (single use across processes), and the authorization requests' outcomes for the admin.
CREATE TABLE "lti_tools" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"client_id" text NOT NULL,
	"deployment_id" text NOT NULL,
	"login_url" text NOT NULL,
	"target_link_uri" text NOT NULL,
	"jwks_url" text DEFAULT '' NOT NULL,
	"public_key" text DEFAULT '' NOT NULL,
	"redirect_uris" text[] DEFAULT '{}'::text[] NOT NULL,
	"share_name" boolean DEFAULT false NOT NULL,
	"share_email" boolean DEFAULT false NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "lti_tools_client_id_key" ON "lti_tools" USING btree ("client_id");
--> statement-breakpoint
CREATE TABLE "lti_platform_keys" (
	"kid" text PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"public_jwk" jsonb NOT NULL,
	"private_jwk_sealed" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lti_platform_keys_status_check" CHECK ("lti_platform_keys"."status" in ('current', 'previous'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "lti_platform_keys_status_key" ON "lti_platform_keys" USING btree ("status");
--> statement-breakpoint
CREATE TABLE "lti_tool_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"course_id" uuid NOT NULL,
	"section_id" uuid NOT NULL,
	"tool_id" uuid NOT NULL,
	"title" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"target_link_uri" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lti_tool_items" ADD CONSTRAINT "lti_tool_items_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "lti_tool_items" ADD CONSTRAINT "lti_tool_items_section_id_course_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."course_sections"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "lti_tool_items" ADD CONSTRAINT "lti_tool_items_tool_id_lti_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."lti_tools"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "lti_tool_items_course_idx" ON "lti_tool_items" USING btree ("course_id","section_id","position");
--> statement-breakpoint
CREATE INDEX "lti_tool_items_tool_idx" ON "lti_tool_items" USING btree ("tool_id");
--> statement-breakpoint
CREATE TABLE "lti_launches" (
	"id" text PRIMARY KEY NOT NULL,
	"tool_id" uuid NOT NULL,
	"message_type" text DEFAULT 'LtiResourceLinkRequest' NOT NULL,
	"item_id" uuid,
	"section_id" uuid,
	"user_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "lti_launches_message_type_check" CHECK ("lti_launches"."message_type" in ('LtiResourceLinkRequest', 'LtiDeepLinkingRequest'))
);
--> statement-breakpoint
ALTER TABLE "lti_launches" ADD CONSTRAINT "lti_launches_tool_id_lti_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."lti_tools"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "lti_launches" ADD CONSTRAINT "lti_launches_item_id_lti_tool_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."lti_tool_items"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "lti_launches" ADD CONSTRAINT "lti_launches_section_id_course_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."course_sections"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "lti_launches" ADD CONSTRAINT "lti_launches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "lti_launches_expires_idx" ON "lti_launches" USING btree ("expires_at");
--> statement-breakpoint
CREATE TABLE "lti_nonces" (
	"tool_id" uuid NOT NULL,
	"nonce" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "lti_nonces_tool_id_nonce_pk" PRIMARY KEY("tool_id","nonce")
);
--> statement-breakpoint
ALTER TABLE "lti_nonces" ADD CONSTRAINT "lti_nonces_tool_id_lti_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."lti_tools"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "lti_nonces_expires_idx" ON "lti_nonces" USING btree ("expires_at");
--> statement-breakpoint
CREATE TABLE "lti_launch_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tool_id" uuid,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"outcome" text NOT NULL,
	"reason" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"user_id" uuid,
	CONSTRAINT "lti_launch_attempts_outcome_check" CHECK ("lti_launch_attempts"."outcome" in ('launched', 'refused'))
);
--> statement-breakpoint
ALTER TABLE "lti_launch_attempts" ADD CONSTRAINT "lti_launch_attempts_tool_id_lti_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."lti_tools"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "lti_launch_attempts" ADD CONSTRAINT "lti_launch_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "lti_launch_attempts_at_idx" ON "lti_launch_attempts" USING btree ("at");
