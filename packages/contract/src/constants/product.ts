/** Business constants of spec §9. */
export const UI = {
  /** The navigation bar changes style once the page is scrolled past this many pixels. */
  scrollThresholdPx: 100,
  /** Header avatar, square. */
  avatarPx: 50,
  /** Delay before the redirect after login. */
  loginRedirectMs: 1_000,
  /** Delay before an unauthenticated visitor is sent to login. */
  unauthenticatedRedirectMs: 1_000,
  /** Toasts auto-close after this long, top-right. */
  toastAutoCloseMs: 5_000,
  toastPosition: 'top-right',
  /** Carousel autoplay; pauses on hover and focus. */
  carouselDelayMs: 2_500,
  /** Slides per view by width: 1 under 768 px, 2 up to 1000 px, 3 above (blog: 2 above 1000). */
  breakpoints: { tablet: 768, desktop: 1_000 },
} as const;

export const RATING = { min: 1, max: 5, default: 1 } as const;

/** Rich-text editor limits (spec §9). */
export const RICH_TEXT = {
  headingLevels: [1, 2, 3] as const,
  maxIndent: 8,
  linkProtocols: ['http', 'https', 'mailto', 'tel'] as const,
  undoDepth: 100,
} as const;

/** Where the web app keeps the token (spec §3). */
export const TOKEN_STORAGE_KEY = 'token';

/** Token lifetimes. */
export const TOKEN_TTL = {
  defaultSeconds: 24 * 60 * 60,
  rememberMeSeconds: 30 * 24 * 60 * 60,
} as const;

/** Contact details shown in the footer. */
export const CONTACT = {
  phone: '+1 (555) 014-2024',
  emails: ['hello@lyceum.example', 'support@lyceum.example'],
} as const;
