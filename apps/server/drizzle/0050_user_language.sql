-- The language a user reads Lyceum in (issue 47, docs/i18n.md): chosen in My Account; null follows the browser's
-- Accept-Language, then the school's DEFAULT_LANGUAGE.
ALTER TABLE "users" ADD COLUMN "language" text;
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_language_check" CHECK ("language" in ('en', 'es', 'ar'));
