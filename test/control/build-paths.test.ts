import { describe, expect, it } from 'vitest';
import { buildPathErrors, checkGitUrl, gitRefErrors, redactUrl } from '../../src/control/build-paths.js';

describe('buildPathErrors', () => {
  it('normalises paths inside the source', () => {
    expect(buildPathErrors('.', 'Dockerfile')).toEqual({ contextPath: '.', dockerfile: 'Dockerfile', errors: [] });
    expect(buildPathErrors('./web//app/', 'docker/../Dockerfile.prod')).toEqual({
      contextPath: 'web/app',
      dockerfile: 'Dockerfile.prod',
      errors: [],
    });
  });

  it.each([
    ['../x', 'Dockerfile', 'contextPath', /escapes/],
    ['a/../../x', 'Dockerfile', 'contextPath', /escapes/],
    ['/srv/app', 'Dockerfile', 'contextPath', /relative path/],
    ['a\0b', 'Dockerfile', 'contextPath', /NUL/],
    ['', 'Dockerfile', 'contextPath', /empty/],
    ['.', '../../etc/passwd', 'dockerfile', /escapes/],
    ['.', '/etc/passwd', 'dockerfile', /relative path/],
    ['.', 'Docker\0file', 'dockerfile', /NUL/],
    ['.', '.', 'dockerfile', /must name a file/],
  ])('refuses contextPath %j, dockerfile %j on build.%s', (ctx, df, field, message) => {
    const { errors } = buildPathErrors(ctx, df);
    expect(errors).toHaveLength(1);
    expect(errors[0]!.path).toEqual(['build', field]);
    expect(errors[0]!.message).toMatch(message);
  });
});

describe('checkGitUrl', () => {
  it.each([
    ['https://github.com/acme/shop.git', 'https', 'github.com'],
    ['ssh://git@github.com:2222/acme/shop.git', 'ssh', 'github.com'],
    ['git@github.com:acme/shop.git', 'ssh', 'github.com'],
    ['https://[2606:4700::1111]/r.git', 'https', '2606:4700::1111'],
  ])('accepts %s', (url, transport, host) => {
    const checked = checkGitUrl(url, false);
    expect(checked.errors).toEqual([]);
    expect(checked.url).toMatchObject({ transport, host });
  });

  it.each([
    ['file:///srv/repo.git', /file:\/\/ repositories are refused/],
    ['http://example.com/r.git', /must use https/],
    ['https://127.0.0.1/r.git', /loopback, private or link-local .*WHEELHOUSE_GIT_ALLOW_LOCAL/],
    ['https://10.1.2.3/r.git', /private/],
    ['git@192.168.1.2:r.git', /private/],
    ['https://[::1]/r.git', /loopback/],
    ['ext::sh -c touch% /tmp/pwned', /whitespace/],
    ['ext::sh', /remote helper transport/],
    ['fd::17', /remote helper transport/],
    ['git://example.com/r.git', /git:\/\/ transport is refused/],
    ['ftp://example.com/r.git', /ftp:\/\/ transport is refused/],
    ['https://ghp_secret@github.com/acme/shop.git', /must not carry credentials/],
    ['https://user:pass@github.com/acme/shop.git', /must not carry credentials/],
    ['ssh://git:pass@github.com/acme/shop.git', /must not carry credentials/],
    ['ssh://-oProxyCommand=touch%20x/r', /not a host name/],
    ['--upload-pack=touch x', /whitespace|must be a URL/],
    ['/srv/repo.git', /not a git URL/],
    ['https://github.com/a\nb', /control characters/],
    ['https://169.254.169.254/r.git', /metadata/],
  ])('refuses %j on build.source.git.url', (url, message) => {
    const checked = checkGitUrl(url, false);
    expect(checked.url).toBeUndefined();
    expect(checked.errors).toEqual([
      { path: ['build', 'source', 'git', 'url'], message: expect.stringMatching(message) },
    ]);
  });

  it('accepts file:// and http:// to private addresses with allowLocal, never a metadata address', () => {
    expect(checkGitUrl('file:///srv/repo.git', true).url).toEqual({ transport: 'file' });
    expect(checkGitUrl('http://127.0.0.1:8080/r.git', true).url).toEqual({
      transport: 'http',
      host: '127.0.0.1',
      port: 8080,
    });
    expect(checkGitUrl('http://169.254.169.254/r.git', true).errors[0]?.message).toMatch(/metadata/);
    expect(checkGitUrl('file://host/srv/repo.git', true).errors[0]?.message).toMatch(/local file/);
    expect(checkGitUrl('ext::sh', true).url).toBeUndefined();
  });
});

describe('gitRefErrors', () => {
  it.each(['HEAD', 'main', 'feature/x-1', 'v1.2.3', 'refs/pull/12/head', 'a'.repeat(40)])('accepts %s', (ref) => {
    expect(gitRefErrors(ref)).toEqual([]);
  });
  it.each(['--upload-pack=x', 'a:b', 'a..b', '+main', 'main.lock', 'a b', '@{-1}', '.hidden', 'x/', ''])(
    'refuses %j on build.source.git.ref',
    (ref) => {
      expect(gitRefErrors(ref)[0]?.path).toEqual(['build', 'source', 'git', 'ref']);
    },
  );
});

describe('redactUrl', () => {
  it('drops credentials, keeps the rest', () => {
    expect(redactUrl('https://tok3n@github.com/acme/shop.git')).toBe('https://github.com/acme/shop.git');
    expect(redactUrl('https://u:p4ss@github.com/acme/shop.git')).toBe('https://github.com/acme/shop.git');
    expect(redactUrl('ssh://git:p4ss@github.com/acme/shop.git')).toBe('ssh://git@github.com/acme/shop.git');
    expect(redactUrl('git@github.com:acme/shop.git')).toBe('git@github.com:acme/shop.git');
    expect(redactUrl('not a url with s3cret@host')).toBe('<url>');
  });
});
