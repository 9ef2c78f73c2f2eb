/**
 * Every field limit of the product, in characters unless named otherwise.
 * The reference is v1-api.md §2.4; server validation and web forms both read from here.
 */
export const LIMITS = {
  firstname: 100,
  lastname: 100,
  username: 100,
  email: 254,
  phone: 30,
  passwordMin: 8,
  passwordMax: 128,
  expertise: 200,
  pincode: 200,
  address: 200,
  city: 200,
  country: 200,
  aboutInfo: 5_000,
  personalWebsite: 2_048,
  githubProfile: 2_048,
  videoLink: 2_048,
  courseTitle: 200,
  courseCategory: 100,
  aboutCourse: 100_000,
  courseListItems: 50,
  courseListItemLength: 500,
  reviewText: 5_000,
  question: 300,
  description: 10_000,
  answer: 10_000,
  tagsPerQuestion: 10,
  tagLength: 50,
  /** v1 lists are capped at this many items (newest kept). */
  listCap: 100,
  /** Uploaded images, in bytes. */
  imageBytes: 5 * 1024 * 1024,
  /** Longest side of a stored image, in pixels. */
  imageMaxPx: 512,
  /**
   * Pixels an uploaded image may declare (width × height): plenty for a photo shrunk to a 512 px avatar (a
   * 24 MP camera picture fits), while a small file that decodes to gigabytes is refused before decoding.
   */
  imageMaxInputPixels: 25_000_000,
  /** JSON request bodies, in bytes. */
  jsonBodyBytes: 1024 * 1024,
} as const;

/** Pagination of every /api list. */
export const PAGINATION = {
  defaultPageSize: 20,
  maxPageSize: 100,
} as const;
