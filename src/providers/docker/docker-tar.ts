/**
 * A minimal ustar writer and reader: the Engine API moves files in and out of
 * containers (and build contexts in) as tar archives, and the few entries we
 * need (config files, a test image's context) do not justify a dependency.
 */

/** One entry of an archive to write. */
export interface TarEntry {
  /** Path inside the archive, without a leading slash. */
  name: string;
  /** File content; omitted for directories and symlinks. */
  content?: Buffer | string;
  /** Permission bits; defaults to 0o644 for files, 0o755 for directories and symlinks. */
  mode?: number;
  type?: 'file' | 'directory' | 'symlink';
  /** Target of a symlink. */
  linkName?: string;
}

const BLOCK = 512;

/** Serialises `entries` into an uncompressed tar archive (ustar, with PAX records for long paths). */
export function createTar(entries: readonly TarEntry[]): Buffer {
  const blocks: Buffer[] = [];
  for (const entry of entries) {
    const type = entry.type ?? 'file';
    const body =
      type === 'file'
        ? Buffer.isBuffer(entry.content)
          ? entry.content
          : Buffer.from(entry.content ?? '', 'utf8')
        : Buffer.alloc(0);
    const name = type === 'directory' && !entry.name.endsWith('/') ? `${entry.name}/` : entry.name;
    const split = splitName(name);
    if (!split || Buffer.byteLength(entry.linkName ?? '') > 100) {
      // Names ustar cannot hold travel in a PAX extended header preceding the entry.
      const records: Record<string, string> = { path: name };
      if (entry.linkName) records.linkpath = entry.linkName;
      const pax = paxBody(records);
      blocks.push(header({ name: 'PaxHeader', size: pax.length, mode: 0o644, typeflag: 'x' }), pad(pax));
    }
    blocks.push(
      header({
        name: split?.name ?? name.slice(0, 100),
        prefix: split?.prefix ?? '',
        size: body.length,
        mode: entry.mode ?? (type === 'file' ? 0o644 : 0o755),
        typeflag: type === 'file' ? '0' : type === 'directory' ? '5' : '2',
        linkName: entry.linkName?.slice(0, 100) ?? '',
      }),
    );
    if (body.length > 0) blocks.push(pad(body));
  }
  blocks.push(Buffer.alloc(BLOCK * 2));
  return Buffer.concat(blocks);
}

/** A regular file read back from an archive. */
export interface TarFile {
  name: string;
  mode: number;
  content: Buffer;
}

/** Reads the regular files of an uncompressed tar archive (PAX `path` records honoured). */
export function readTar(archive: Buffer): TarFile[] {
  const files: TarFile[] = [];
  let offset = 0;
  let paxPath: string | undefined;
  while (offset + BLOCK <= archive.length) {
    const h = archive.subarray(offset, offset + BLOCK);
    if (h.every((b) => b === 0)) break;
    const size = Number.parseInt(cString(h, 124, 12).trim() || '0', 8);
    const typeflag = String.fromCharCode(h[156] ?? 0);
    const prefix = cString(h, 345, 155);
    const rawName = cString(h, 0, 100);
    const data = archive.subarray(offset + BLOCK, offset + BLOCK + size);
    offset += BLOCK + Math.ceil(size / BLOCK) * BLOCK;
    if (typeflag === 'x') {
      paxPath = parsePax(data).path;
      continue;
    }
    const name = paxPath ?? (prefix ? `${prefix}/${rawName}` : rawName);
    paxPath = undefined;
    if (typeflag === '0' || typeflag === '\0') {
      files.push({ name, mode: Number.parseInt(cString(h, 100, 8).trim() || '644', 8), content: Buffer.from(data) });
    }
  }
  return files;
}

function splitName(name: string): { name: string; prefix: string } | undefined {
  if (Buffer.byteLength(name) <= 100) return { name, prefix: '' };
  // ustar splits a long path at a slash into prefix (155) and name (100).
  for (let i = name.lastIndexOf('/'); i > 0; i = name.lastIndexOf('/', i - 1)) {
    const prefix = name.slice(0, i);
    const rest = name.slice(i + 1);
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(rest) <= 100 && rest.length > 0) {
      return { name: rest, prefix };
    }
  }
  return undefined;
}

function header(h: {
  name: string;
  prefix?: string;
  size: number;
  mode: number;
  typeflag: string;
  linkName?: string;
}): Buffer {
  const buf = Buffer.alloc(BLOCK);
  buf.write(h.name, 0, 100, 'utf8');
  buf.write(octal(h.mode, 8), 100, 'ascii');
  buf.write(octal(0, 8), 108, 'ascii');
  buf.write(octal(0, 8), 116, 'ascii');
  buf.write(octal(h.size, 12), 124, 'ascii');
  // A fixed mtime keeps archives byte-identical across runs, so content hashes are stable.
  buf.write(octal(0, 12), 136, 'ascii');
  buf.fill(' ', 148, 156);
  buf.write(h.typeflag, 156, 'ascii');
  buf.write(h.linkName ?? '', 157, 100, 'utf8');
  buf.write('ustar\0', 257, 'ascii');
  buf.write('00', 263, 'ascii');
  buf.write(h.prefix ?? '', 345, 155, 'utf8');
  let sum = 0;
  for (const b of buf) sum += b;
  buf.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  return buf;
}

function octal(n: number, width: number): string {
  return `${n.toString(8).padStart(width - 1, '0')}\0`;
}

function pad(body: Buffer): Buffer {
  const rem = body.length % BLOCK;
  return rem === 0 ? body : Buffer.concat([body, Buffer.alloc(BLOCK - rem)]);
}

function paxBody(records: Record<string, string>): Buffer {
  let out = '';
  for (const [key, value] of Object.entries(records)) {
    const payload = ` ${key}=${value}\n`;
    // The length prefix counts itself, so grow it until it is self-consistent.
    let len = Buffer.byteLength(payload) + 1;
    while (String(len).length + Buffer.byteLength(payload) !== len) len += 1;
    out += `${len}${payload}`;
  }
  return Buffer.from(out, 'utf8');
}

function parsePax(data: Buffer): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of data.toString('utf8').split('\n')) {
    const m = /^\d+ ([^=]+)=(.*)$/.exec(line);
    if (m?.[1]) out[m[1]] = m[2] ?? '';
  }
  return out;
}

function cString(buf: Buffer, start: number, len: number): string {
  const slice = buf.subarray(start, start + len);
  const end = slice.indexOf(0);
  return slice.subarray(0, end === -1 ? slice.length : end).toString('utf8');
}
