-- Saves that survive the network (issue 49, ADR 059): per question, the client sequence number of the save applied
-- last, so a resent save is applied once and an older one (another tab) never overwrites a newer one. Metadata-only
-- on PostgreSQL 11+ (a constant default). Numbered 0053: 0052 is kept for another change of the same day.
ALTER TABLE "attempts" ADD COLUMN "answer_seqs" jsonb DEFAULT '{}'::jsonb NOT NULL;