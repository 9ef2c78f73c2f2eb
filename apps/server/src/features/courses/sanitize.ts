/** The rich-text sanitiser moved to lib/ so that every feature can use it (features never import each other). */
export * from '#lib/sanitize.js';
