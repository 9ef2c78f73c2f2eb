import { randomBytes } from 'node:crypto';
import { LIMITS } from '@lyceum/contract';
import { eq } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Metadata, type OutputInfo } from 'sharp';
import type { Db } from '#db/client.js';
import { images } from '#db/schema/index.js';
import { HttpError } from '#lib/errors.js';
import { createJobLimiter } from '#lib/job-limiter.js';

export const ALLOWED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
export const ONLY_IMAGES = 'Only images are allowed!';
export const IMAGE_TOO_LARGE = 'Image must be 5 MB or smaller';
export const IMAGE_NAME_PATTERN = /^[A-Za-z0-9._-]+$/;
export const IMAGE_TOO_MANY_PIXELS = `Image is too large: at most ${LIMITS.imageMaxInputPixels / 1_000_000} megapixels (for example 5000 × 5000)`;
export const IMAGE_SERVER_BUSY = 'The server is busy processing other images; please try again in a few seconds';
/** The Retry-After of the 503 when the image queue is full. */
export const IMAGE_RETRY_AFTER_SECONDS = 5;

export interface ImageServiceOptions {
  /** Images decoded at once, and how many more may wait (beyond: 503 + Retry-After). */
  jobs: { concurrency: number; queue: number };
}

export interface StoredImage {
  id: string;
  name: string;
}

/** An upload that passed the checks, re-encoded and ready to store. */
export interface EncodedImage {
  data: Buffer;
  info: OutputInfo;
}

export function createImageService(db: Db, options: ImageServiceOptions = { jobs: { concurrency: 2, queue: 8 } }) {
  // Decoding is where a small file can cost a lot of memory: a bounded number of decodes run at once.
  const decoders = createJobLimiter({
    ...options.jobs,
    retryAfterSeconds: IMAGE_RETRY_AFTER_SECONDS,
    message: IMAGE_SERVER_BUSY,
  });

  /**
   * Sniffs the bytes (never trusting the declared type), checks the declared dimensions from the header (no
   * decoding), then re-encodes to WebP at most 512 px with metadata stripped, reading the input sequentially
   * under sharp's own pixel limit. CPU work only: callers run it before opening a transaction.
   */
  async function encode(bytes: Buffer): Promise<EncodedImage> {
    if (bytes.byteLength > LIMITS.imageBytes) throw new HttpError(413, IMAGE_TOO_LARGE);
    const type = await fileTypeFromBuffer(bytes);
    if (!type || !(ALLOWED_IMAGE_TYPES as readonly string[]).includes(type.mime)) {
      throw new HttpError(400, ONLY_IMAGES);
    }
    const limits = { animated: false, limitInputPixels: LIMITS.imageMaxInputPixels, sequentialRead: true };
    let header: Metadata;
    try {
      // The header only (no pixels are decoded), so the declared size can be checked and named.
      header = await sharp(bytes, { animated: false, limitInputPixels: false }).metadata();
    } catch {
      throw new HttpError(400, ONLY_IMAGES);
    }
    if (!header.width || !header.height) throw new HttpError(400, ONLY_IMAGES);
    if (header.width * header.height > LIMITS.imageMaxInputPixels) throw new HttpError(400, IMAGE_TOO_MANY_PIXELS);
    return decoders.run(async () => {
      try {
        return await sharp(bytes, limits)
          .rotate()
          .resize(LIMITS.imageMaxPx, LIMITS.imageMaxPx, { fit: 'inside', withoutEnlargement: true })
          .webp({ quality: 82 })
          .toBuffer({ resolveWithObject: true });
      } catch (error) {
        if (error instanceof Error && /pixel limit/i.test(error.message)) {
          throw new HttpError(400, IMAGE_TOO_MANY_PIXELS);
        }
        throw new HttpError(400, ONLY_IMAGES);
      }
    });
  }

  /** Stores an encoded image under a random name. */
  async function save(encoded: EncodedImage, executor: Db = db): Promise<StoredImage> {
    const name = `${randomBytes(10).toString('hex')}.webp`;
    const [row] = await executor
      .insert(images)
      .values({
        name,
        contentType: 'image/webp',
        bytes: encoded.info.size,
        width: encoded.info.width,
        height: encoded.info.height,
        data: encoded.data,
      })
      .returning({ id: images.id, name: images.name });
    return row!;
  }

  return {
    encode,
    save,

    /** encode + save. */
    async store(bytes: Buffer, executor: Db = db): Promise<StoredImage> {
      return save(await encode(bytes), executor);
    },

    async findByName(name: string) {
      if (name.length > 200 || !IMAGE_NAME_PATTERN.test(name)) return undefined;
      const [row] = await db
        .select({ contentType: images.contentType, data: images.data, updatedAt: images.updatedAt })
        .from(images)
        .where(eq(images.name, name))
        .limit(1);
      return row;
    },

    async remove(id: string, executor: Db = db): Promise<void> {
      await executor.delete(images).where(eq(images.id, id));
    },
  };
}

export type ImageService = ReturnType<typeof createImageService>;
