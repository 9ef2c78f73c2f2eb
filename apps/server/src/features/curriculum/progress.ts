/** Moved to lib/ so assessments can refresh progress too (DESIGN §10: one progress function). */
export * from '#lib/progress.js';
