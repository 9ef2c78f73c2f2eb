import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Secrets at rest (ADR 056, ADR 068): AES-256-GCM under a key hashed from the key material and a purpose (so SSO's
 * client secrets and LTI's private keys never share a key), stored as `v1.<iv>.<ciphertext>.<tag>` in base64url.
 * The empty secret is ''.
 */
export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
}

export function createSecretBox(keyMaterial: string, purpose: string): SecretBox {
  const key = createHash('sha256').update(`lyceum-${purpose}:${keyMaterial}`).digest();
  return {
    seal(plain) {
      if (!plain) return '';
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, data, cipher.getAuthTag()]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    open(sealed) {
      if (!sealed) return '';
      const [version, iv = '', data = '', tag = ''] = sealed.split('.');
      if (version !== 'v1') throw new Error('unknown secret format');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}
