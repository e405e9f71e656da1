/**
 * The encrypted format of a volume backup (issue 36), streamed both ways with
 * bounded memory (one chunk at a time).
 *
 * File: a header, then frames. Header: the magic `WHVBAK01`, a 32-byte random
 * salt, a 7-byte random nonce prefix, the plaintext chunk size (uint32 BE),
 * and the backup's id (length byte, UTF-8). The key is HKDF-SHA256 of the
 * vault key with that salt (a key per backup; the key is never in the file).
 * Each frame is one chunk of the plaintext (a tar), sealed with AES-256-GCM:
 * ciphertext length (uint32 BE), ciphertext, 16-byte tag. A chunk's nonce is
 * the prefix, its index (uint32 BE) and a last-chunk flag byte; the whole
 * header is each chunk's additional data. So a flipped byte anywhere fails a
 * tag, chunks cannot be reordered, dropped or moved to another archive, a
 * truncated file lacks its last chunk, and another installation's key (or
 * the header of another backup) fails the first tag.
 */
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';

const MAGIC = Buffer.from('WHVBAK01', 'ascii');
const SALT_BYTES = 32;
const PREFIX_BYTES = 7;
const TAG_BYTES = 16;
const INFO = 'wheelhouse volume backup v1';
/** Plaintext bytes per chunk. */
export const BACKUP_CHUNK_BYTES = 1024 * 1024;

/** An archive that does not open: corrupted, truncated, or sealed under another key. Names no secret. */
export class BackupArchiveError extends Error {
  override readonly name = 'BackupArchiveError';
}

function deriveKey(vaultKey: Buffer, salt: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', vaultKey, salt, INFO, 32));
}

function nonceOf(prefix: Buffer, index: number, last: boolean): Buffer {
  const n = Buffer.alloc(12);
  prefix.copy(n, 0);
  n.writeUInt32BE(index, PREFIX_BYTES);
  n[11] = last ? 1 : 0;
  return n;
}

function headerOf(salt: Buffer, prefix: Buffer, chunkBytes: number, backupId: string): Buffer {
  const id = Buffer.from(backupId, 'utf8');
  const size = Buffer.alloc(4);
  size.writeUInt32BE(chunkBytes);
  return Buffer.concat([MAGIC, salt, prefix, size, Buffer.from([id.length]), id]);
}

/** Collects written buffers and takes exact byte counts off the front (no copy until asked). */
class ByteQueue {
  #parts: Buffer[] = [];
  length = 0;
  push(b: Buffer): void {
    this.#parts.push(b);
    this.length += b.length;
  }
  take(n: number): Buffer {
    const all = this.#parts.length === 1 ? this.#parts[0]! : Buffer.concat(this.#parts);
    this.#parts = all.length > n ? [all.subarray(n)] : [];
    this.length -= n;
    return all.subarray(0, n);
  }
}

/**
 * Encrypts a plaintext stream into the format above; `digest()` (after the
 * end) is the plaintext's sha256 and `bytes` its size.
 */
export class BackupEncryptor extends Transform {
  readonly #key: Buffer;
  readonly #header: Buffer;
  readonly #prefix: Buffer;
  readonly #pending = new ByteQueue();
  readonly #hash = createHash('sha256');
  #index = 0;
  #started = false;
  bytes = 0;

  constructor(vaultKey: Buffer, backupId: string, chunkBytes = BACKUP_CHUNK_BYTES) {
    super();
    const salt = randomBytes(SALT_BYTES);
    this.#prefix = randomBytes(PREFIX_BYTES);
    this.#key = deriveKey(vaultKey, salt);
    this.#header = headerOf(salt, this.#prefix, chunkBytes, backupId);
    this.chunkBytes = chunkBytes;
  }
  readonly chunkBytes: number;

  digest(): string {
    return this.#hash.digest('hex');
  }

  #seal(plain: Buffer, last: boolean): Buffer {
    const cipher = createCipheriv('aes-256-gcm', this.#key, nonceOf(this.#prefix, this.#index++, last));
    cipher.setAAD(this.#header);
    const ct = Buffer.concat([cipher.update(plain), cipher.final()]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(ct.length);
    return Buffer.concat([len, ct, cipher.getAuthTag()]);
  }

  #head(): void {
    if (this.#started) return;
    this.#started = true;
    this.push(this.#header);
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.#head();
    this.#hash.update(chunk);
    this.bytes += chunk.length;
    this.#pending.push(chunk);
    // A chunk is sealed only once more follows: the last one carries the flag.
    while (this.#pending.length > this.chunkBytes) this.push(this.#seal(this.#pending.take(this.chunkBytes), false));
    done();
  }

  override _flush(done: TransformCallback): void {
    this.#head();
    this.push(this.#seal(this.#pending.take(this.#pending.length), true));
    done();
  }
}

/**
 * Decrypts the format above for `backupId`, authenticating every chunk before
 * it passes it on; `digest()` (after the end) is the plaintext's sha256.
 * Fails with a BackupArchiveError on anything that does not authenticate,
 * on a chunk after the last, or on an end before it.
 */
export class BackupDecryptor extends Transform {
  readonly #vaultKey: Buffer;
  readonly #backupId: string;
  readonly #pending = new ByteQueue();
  readonly #hash = createHash('sha256');
  #header: Buffer | undefined;
  #key: Buffer | undefined;
  #prefix: Buffer | undefined;
  #chunkBytes = 0;
  #index = 0;
  #ended = false;
  bytes = 0;

  constructor(vaultKey: Buffer, backupId: string) {
    super();
    this.#vaultKey = vaultKey;
    this.#backupId = backupId;
  }

  digest(): string {
    return this.#hash.digest('hex');
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.#pending.push(chunk);
    try {
      this.#drain();
      done();
    } catch (err) {
      done(err as Error);
    }
  }

  override _flush(done: TransformCallback): void {
    if (!this.#ended || this.#pending.length > 0)
      done(new BackupArchiveError('the backup archive is truncated or has bytes after its end'));
    else done();
  }

  #drain(): void {
    if (!this.#header) {
      const fixed = MAGIC.length + SALT_BYTES + PREFIX_BYTES + 4 + 1;
      if (this.#pending.length < fixed) return;
      const head = this.#pending.take(fixed);
      if (!head.subarray(0, MAGIC.length).equals(MAGIC))
        throw new BackupArchiveError('the file is not a Wheelhouse volume backup archive');
      const idLength = head[fixed - 1]!;
      if (this.#pending.length < idLength) {
        // Rare (a tiny first read): put it back and wait for more.
        const rest = this.#pending.take(this.#pending.length);
        this.#pending.push(Buffer.concat([head, rest]));
        return;
      }
      const id = this.#pending.take(idLength);
      if (id.toString('utf8') !== this.#backupId)
        throw new BackupArchiveError('the archive belongs to another backup than its record says');
      const salt = head.subarray(MAGIC.length, MAGIC.length + SALT_BYTES);
      this.#prefix = Buffer.from(head.subarray(MAGIC.length + SALT_BYTES, MAGIC.length + SALT_BYTES + PREFIX_BYTES));
      this.#chunkBytes = head.readUInt32BE(MAGIC.length + SALT_BYTES + PREFIX_BYTES);
      this.#header = Buffer.concat([head, id]);
      this.#key = deriveKey(this.#vaultKey, salt);
    }
    while (this.#pending.length >= 4) {
      const frame = this.#pending.take(4);
      const ctLength = frame.readUInt32BE(0);
      if (this.#ended) throw new BackupArchiveError('the backup archive has data after its last chunk');
      if (ctLength > this.#chunkBytes)
        throw new BackupArchiveError(`chunk ${this.#index} of the backup archive is corrupted (bad length)`);
      if (this.#pending.length < ctLength + TAG_BYTES) {
        const rest = this.#pending.take(this.#pending.length);
        this.#pending.push(Buffer.concat([frame, rest]));
        return;
      }
      this.push(this.#open(this.#pending.take(ctLength), this.#pending.take(TAG_BYTES)));
    }
  }

  #open(ct: Buffer, tag: Buffer): Buffer {
    // The last chunk is the one whose flag authenticates; a middle chunk is never short.
    const maybeLast = ct.length < this.#chunkBytes;
    for (const last of maybeLast ? [true] : [false, true]) {
      const decipher = createDecipheriv('aes-256-gcm', this.#key!, nonceOf(this.#prefix!, this.#index, last));
      decipher.setAAD(this.#header!);
      decipher.setAuthTag(tag);
      try {
        const plain = Buffer.concat([decipher.update(ct), decipher.final()]);
        this.#index++;
        this.#ended = last;
        this.#hash.update(plain);
        this.bytes += plain.length;
        return plain;
      } catch {
        // tried the other flag, or fail below
      }
    }
    throw new BackupArchiveError(
      this.#index === 0
        ? "the backup archive does not authenticate with this installation's key: it is corrupted, or it was made by another installation"
        : `chunk ${this.#index} of the backup archive does not authenticate: the archive is corrupted`,
    );
  }
}
