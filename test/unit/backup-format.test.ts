/**
 * The encrypted backup format (control/backup-format.ts, issue 36): a round
 * trip gives the plaintext and its sha256 back; a flipped byte (in a chunk or
 * the header), a truncated file, reordered chunks, another installation's key
 * or another backup's id are each refused with a BackupArchiveError.
 */
import { createHash, randomBytes } from 'node:crypto';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import { BackupArchiveError, BackupDecryptor, BackupEncryptor } from '../../src/control/backup-format.js';

const KEY = randomBytes(32);
const ID = '7d1f6f0e-9c1b-4d7e-8a37-1f2b3c4d5e6f';
/** Small chunks, so a few hundred bytes make many frames. */
const CHUNK = 64;

async function seal(plain: Buffer, chunk = CHUNK): Promise<{ file: Buffer; sha256: string; bytes: number }> {
  const enc = new BackupEncryptor(KEY, ID, chunk);
  const out: Buffer[] = [];
  // Written in odd pieces: framing must not depend on how the tar arrives.
  const pieces = [];
  for (let i = 0; i < plain.length; i += 37) pieces.push(plain.subarray(i, i + 37));
  await pipeline(Readable.from(pieces), enc, sink(out));
  return { file: Buffer.concat(out), sha256: enc.digest(), bytes: enc.bytes };
}

async function open(file: Buffer, key = KEY, id = ID): Promise<{ plain: Buffer; sha256: string }> {
  const dec = new BackupDecryptor(key, id);
  const out: Buffer[] = [];
  const pieces = [];
  for (let i = 0; i < file.length; i += 23) pieces.push(file.subarray(i, i + 23));
  await pipeline(Readable.from(pieces), dec, sink(out));
  return { plain: Buffer.concat(out), sha256: dec.digest() };
}

function sink(into: Buffer[]): Writable {
  return new Writable({
    write: (b: Buffer, _e, cb) => {
      into.push(b);
      cb();
    },
  });
}

/** Where the frames start: after the header (magic, salt, prefix, size, id). */
const HEADER = 8 + 32 + 7 + 4 + 1 + ID.length;
const FRAME = 4 + CHUNK + 16;

describe('the encrypted backup format', () => {
  it('round-trips any length, with the sha256 of the plaintext', async () => {
    for (const n of [0, 1, CHUNK - 1, CHUNK, CHUNK + 1, 5 * CHUNK, 1000]) {
      const plain = randomBytes(n);
      const sealed = await seal(plain);
      expect(sealed.bytes).toBe(n);
      expect(sealed.sha256).toBe(createHash('sha256').update(plain).digest('hex'));
      const opened = await open(sealed.file);
      expect(opened.plain.equals(plain)).toBe(true);
      expect(opened.sha256).toBe(sealed.sha256);
      if (n > 16) expect(sealed.file.includes(plain.subarray(0, 16))).toBe(false);
    }
  });

  it('refuses a flipped byte, anywhere', async () => {
    const { file } = await seal(randomBytes(500));
    for (const at of [3, 20, HEADER - 1, HEADER + 2, HEADER + 10, HEADER + FRAME + 30, file.length - 1]) {
      const bad = Buffer.from(file);
      bad[at] = bad[at]! ^ 0x40;
      await expect(open(bad), `byte ${at}`).rejects.toThrow(BackupArchiveError);
    }
  });

  it('refuses a truncated file, dropped or reordered chunks, and bytes after the end', async () => {
    const { file } = await seal(randomBytes(5 * CHUNK + 10));
    const frames = (f: Buffer) => [0, 1, 2, 3, 4].map((i) => f.subarray(HEADER + i * FRAME, HEADER + (i + 1) * FRAME));
    const head = file.subarray(0, HEADER);
    const last = file.subarray(HEADER + 5 * FRAME);
    const [f0, f1, f2, f3, f4] = frames(file);
    await expect(open(file.subarray(0, HEADER + 5 * FRAME))).rejects.toThrow(/truncated/);
    await expect(open(file.subarray(0, file.length - 3))).rejects.toThrow(BackupArchiveError);
    await expect(open(Buffer.concat([head, f0!, f2!, f1!, f3!, f4!, last]))).rejects.toThrow(/chunk 1/);
    await expect(open(Buffer.concat([head, f0!, f1!, f3!, f4!, last]))).rejects.toThrow(BackupArchiveError);
    await expect(open(Buffer.concat([file, f0!]))).rejects.toThrow(/after its last chunk/);
  });

  it("refuses another installation's key and another backup's id", async () => {
    const { file } = await seal(randomBytes(300));
    await expect(open(file, randomBytes(32))).rejects.toThrow(/another installation/);
    await expect(open(file, KEY, 'aaaaaaaa-9c1b-4d7e-8a37-1f2b3c4d5e6f')).rejects.toThrow(/another backup/);
    await expect(open(Buffer.from('not a backup at all, just some text here....................'))).rejects.toThrow(
      /not a Wheelhouse volume backup/,
    );
  });
});
