CREATE TABLE "class_due_reminders" (
	"assignment_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "class_due_reminders_assignment_id_student_id_pk" PRIMARY KEY("assignment_id","student_id")
);
--> statement-breakpoint
ALTER TABLE "class_due_reminders" ADD CONSTRAINT "class_due_reminders_assignment_id_class_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."class_assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_due_reminders" ADD CONSTRAINT "class_due_reminders_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;