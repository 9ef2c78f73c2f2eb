/** Moved to lib/ so classes (to-do lists, the calendar feed) ask the same function (DESIGN §10, ADR 028). */
export * from '#lib/learner-window.js';
