import { afterEach, describe, expect, it, vi } from 'vitest';
import { collectBuildArg, collectSecret, gitRefOf, wantsBuild } from '../../src/cli/build-flags.js';
import { progressLine, size } from '../../src/cli/build-follow.js';

describe('the upload progress line', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('on a terminal: one line redrawn in place (at most every 100 ms), ended by a newline at 100 %', () => {
    vi.useFakeTimers();
    const written: string[] = [];
    const line = progressLine('uploading context', { isTTY: true, write: (s: string) => written.push(s) });
    for (let sent = 0; sent <= 10_000_000; sent += 100_000) {
      line(sent, 10_000_000);
      vi.advanceTimersByTime(10);
    }
    // 101 calls over ~1 s: about one draw per 100 ms, never a newline before the end.
    expect(written.length).toBeGreaterThan(5);
    expect(written.length).toBeLessThan(20);
    expect(written.every((w) => w.startsWith('\r\x1b[2K'))).toBe(true);
    expect(written.slice(0, -1).some((w) => w.includes('\n'))).toBe(false);
    expect(written.at(-1)).toBe('\r\x1b[2Kuploading context 10.0 MB / 10.0 MB (100%)\n');
  });

  it('into a pipe or file: a few whole lines (start, each quarter, end)', () => {
    const written: string[] = [];
    const line = progressLine('uploading context', { isTTY: false, write: (s: string) => written.push(s) });
    for (let sent = 0; sent <= 4_000_000; sent += 65_536) line(sent, 4_000_000);
    line(4_000_000, 4_000_000);
    // One line as each quarter is first reached, whole lines only.
    const percents = written.map((w) => Number(/\((\d+)%\)\n$/.exec(w)?.[1]));
    expect(percents).toHaveLength(5);
    expect(percents.map((p) => Math.floor(p / 25))).toEqual([0, 1, 2, 3, 4]);
    expect(written[0]).toBe('uploading context 0 B / 4.0 MB (0%)\n');
    expect(written.at(-1)).toBe('uploading context 4.0 MB / 4.0 MB (100%)\n');
  });

  it('sizes in decimal units, as docker prints a context', () => {
    expect([size(999), size(1000), size(2_500_000), size(3_200_000_000)]).toEqual([
      '999 B',
      '1.0 kB',
      '2.5 MB',
      '3.20 GB',
    ]);
  });
});

describe('the build flags of deploy', () => {
  it('--git takes the ref after the last #, HEAD when none, and refuses a password in the URL', () => {
    expect(gitRefOf('https://git.example.com/a/b.git#release/1.2')).toEqual({
      url: 'https://git.example.com/a/b.git',
      ref: 'release/1.2',
    });
    expect(gitRefOf('ssh://git@git.example.com/a/b.git', 'DEPLOY_KEY')).toEqual({
      url: 'ssh://git@git.example.com/a/b.git',
      credentialSecret: 'DEPLOY_KEY',
    });
    expect(() => gitRefOf('https://git.example.com/a.git#')).toThrow('empty ref');
    expect(() => gitRefOf('https://u:tok@git.example.com/a.git#main')).toThrow(/--git-credential/);
  });

  it('--build-arg and --secret collect over repeats and name a bad value', () => {
    expect(collectBuildArg('B=x=y', collectBuildArg('A=1'))).toEqual([
      { name: 'A', value: '1' },
      { name: 'B', value: 'x=y' },
    ]);
    expect(collectSecret('npmrc=NPM_TOKEN')).toEqual([{ id: 'npmrc', secretKey: 'NPM_TOKEN' }]);
    expect(() => collectBuildArg('=1')).toThrow('--build-arg: "=1" is not NAME=VALUE');
    expect(() => collectSecret('npmrc=')).toThrow('--secret: "npmrc=" is not ID=VAULTKEY');
  });

  it('a build takes one source and no image pairs; build flags need a source', () => {
    expect(wantsBuild({ from: '.' }, [])).toBe(true);
    expect(wantsBuild({ deploy: true }, ['web=a:1'])).toBe(false);
    expect(() => wantsBuild({ from: '.', git: 'https://x/y.git' }, [])).toThrow('give one source');
    expect(() => wantsBuild({}, [])).toThrow('--from DIR or --git URL#REF');
    expect(() => wantsBuild({ target: 'prod' }, ['web=a:1'])).toThrow('--target: only with --from or --git');
    expect(() => wantsBuild({ deploy: false }, ['web=a:1'])).toThrow('--no-deploy: only with --from or --git');
  });
});
