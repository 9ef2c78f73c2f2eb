/** The cache of a signed-in learner's lessons and outlines (the service worker's only API cache). */
export const LEARNER_CACHE = 'lyceum-learner';

/** What the page tells the service worker. */
export const PWA_MESSAGES = {
  /** The user accepted the update: the waiting version takes over. */
  skipWaiting: 'SKIP_WAITING',
  /** Logged out: forget what was kept for them. */
  forgetLearner: 'FORGET_LEARNER',
} as const;

/** Raised on window when a new version waits: UpdatePrompt offers to reload into it. */
export const UPDATE_READY_EVENT = 'lyceum:update-ready';
