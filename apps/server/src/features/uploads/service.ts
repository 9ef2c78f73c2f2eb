import { randomBytes } from 'node:crypto';
import { LIMITS } from '@lyceum/contract';
import { eq } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import sharp, { type OutputInfo } from 'sharp';
import type { Db } from '../../db/client.js';
import { images } from '../../db/schema/index.js';
import { HttpError } from '../../lib/errors.js';

export const ALLOWED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
export const ONLY_IMAGES = 'Only images are allowed!';
export const IMAGE_TOO_LARGE = 'Image must be 5 MB or smaller';
export const IMAGE_NAME_PATTERN = /^[A-Za-z0-9._-]+$/;

export interface StoredImage {
  id: string;
  name: string;
}

/** An upload that passed the checks, re-encoded and ready to store. */
export interface EncodedImage {
  data: Buffer;
  info: OutputInfo;
}

export function createImageService(db: Db) {
  /**
   * Sniffs the bytes (never trusting the declared type) and re-encodes them to WebP at most 512 px with
   * metadata stripped. CPU work only: callers run it before opening a transaction.
   */
  async function encode(bytes: Buffer): Promise<EncodedImage> {
    if (bytes.byteLength > LIMITS.imageBytes) throw new HttpError(413, IMAGE_TOO_LARGE);
    const type = await fileTypeFromBuffer(bytes);
    if (!type || !(ALLOWED_IMAGE_TYPES as readonly string[]).includes(type.mime)) {
      throw new HttpError(400, ONLY_IMAGES);
    }
    try {
      return await sharp(bytes, { animated: false, limitInputPixels: 40_000_000 })
        .rotate()
        .resize(LIMITS.imageMaxPx, LIMITS.imageMaxPx, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 82 })
        .toBuffer({ resolveWithObject: true });
    } catch {
      throw new HttpError(400, ONLY_IMAGES);
    }
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
