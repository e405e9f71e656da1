import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { GraphiQLOptions } from 'graphql-yoga';

/** Where GraphiQL's script, styles, editor workers and icon are served, under a key per bundle. */
export const GRAPHIQL_ASSETS_PATH = '/graphiql/';

/**
 * The console keeps its signed-in token under this sessionStorage key
 * (console/src/session.ts); GraphiQL is on the same origin, so it reads and
 * writes the same one: one session per tab, never in a URL or a cookie.
 */
const SESSION_KEY = 'wheelhouse.token';

const JS = 'text/javascript; charset=utf-8';

interface Asset {
  type: string;
  body: Buffer;
  /** Started when the bundle is first loaded; compressed once per process, off the event loop. */
  gzipped: Promise<Buffer>;
}

interface Assets {
  /** A hash of the bundle: in every asset URL, so a browser may cache them for good. */
  key: string;
  files: Map<string, Asset>;
}

const gzipAsync = promisify(gzip);
let loading: Promise<Assets> | undefined;

/**
 * The pieces of @graphql-yoga/render-graphiql (~9 MB of script, styles, Monaco's
 * workers and a base64 icon), loaded when GraphiQL is first asked for: its own
 * page inlines all of it into every response, so each visit downloaded 9 MB
 * before a user could type anything. Served apart, they are gzipped once and
 * cached by the browser, and the page itself is a few kilobytes.
 */
function loadAssets(): Promise<Assets> {
  loading ??= import('@graphql-yoga/render-graphiql/graphiql').then((bundle) => {
    const icon = /^data:([^;]+);base64,(.*)$/s.exec(bundle.favicon);
    const entries: Array<[string, string, Buffer]> = [
      ['graphiql.js', JS, Buffer.from(bundle.js)],
      ['graphiql.css', 'text/css; charset=utf-8', Buffer.from(bundle.css)],
      ['editor.worker.js', JS, Buffer.from(bundle.editorWorkerService)],
      ['json.worker.js', JS, Buffer.from(bundle.jsonWorker)],
      ['graphql.worker.js', JS, Buffer.from(bundle.graphqlWorker)],
      ['favicon.ico', icon?.[1] ?? 'image/x-icon', Buffer.from(icon?.[2] ?? '', 'base64')],
    ];
    const key = createHash('sha256').update(bundle.js).update(bundle.css).digest('hex').slice(0, 16);
    const files = new Map<string, Asset>();
    for (const [name, type, body] of entries) {
      const gzipped = gzipAsync(body);
      // Awaited only when the asset is asked for; a failure then answers that request, not the process.
      gzipped.catch(() => {});
      files.set(name, { type, body, gzipped });
    }
    return { key, files };
  });
  return loading;
}

/**
 * Yoga's `renderGraphiQL`: a small page that asks for a token first (or takes
 * the console's), checks it, and only then mounts GraphiQL with it as a header
 * of every request, the schema's introspection included. Before, GraphiQL
 * fetched the schema at once without a token: the page opened on
 * UNAUTHENTICATED and "Error fetching schema", and adding the token in the
 * headers editor did not fetch the schema again.
 */
export async function renderGraphiQLPage(options: GraphiQLOptions): Promise<string> {
  const { key } = await loadAssets();
  const base = `${GRAPHIQL_ASSETS_PATH}${key}/`;
  const title = escapeHtml(options.title ?? 'GraphiQL');
  // `<` escaped so no option can close the script element it is written into.
  const config = JSON.stringify({ options, base, sessionKey: SESSION_KEY }).replaceAll('<', '\\u003c');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<title>${title}</title>
<link rel="icon" href="${base}favicon.ico" />
<link rel="preload" href="${base}graphiql.css" as="style" />
<script defer id="graphiql-script" src="${base}graphiql.js"></script>
<style>${FORM_CSS}</style>
</head>
<body id="body" class="no-focus-outline">
<noscript>GraphiQL needs JavaScript.</noscript>
<form id="token-form" hidden>
<h1>${title}</h1>
<label for="token-input">API token</label>
<input id="token-input" name="token" type="password" autocomplete="off" spellcheck="false" required />
<button type="submit">Open GraphiQL</button>
<p id="token-problem" role="alert"></p>
<p class="hint">The token the first start printed, or one from <code>wheelhouse tokens create</code>. It is kept in this tab only, as the console keeps its sign-in.</p>
</form>
<div id="root"></div>
<script>${bootScript(config)}</script>
</body>
</html>
`;
}

/**
 * Serves an asset of the page above to GET and HEAD: gzipped when the client
 * accepts it, cached for a year (its URL changes with the bundle), 404 for a
 * key or name that is not this bundle's.
 */
export async function serveGraphiQLAsset(req: IncomingMessage, res: ServerResponse): Promise<void> {
  // Called without await by the HTTP server: a failure here must answer, never reject.
  try {
    const path = (req.url ?? '').split('?')[0] ?? '';
    const [key, name] = path.slice(GRAPHIQL_ASSETS_PATH.length).split('/');
    const assets = await loadAssets();
    const asset = key === assets.key && name ? assets.files.get(name) : undefined;
    if (!asset) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('not found\n');
      return;
    }
    const gzipped = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
    const body = gzipped ? await asset.gzipped : asset.body;
    res.writeHead(200, {
      'content-type': asset.type,
      'content-length': body.length,
      'cache-control': 'public, max-age=31536000, immutable',
      vary: 'accept-encoding',
      'x-content-type-options': 'nosniff',
      ...(gzipped ? { 'content-encoding': 'gzip' } : {}),
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  } catch {
    if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
    res.end();
  }
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const FORM_CSS = `
#token-form{max-width:28rem;margin:12vh auto;padding:0 1.5rem;font:16px/1.5 system-ui,sans-serif;color:#1b2240}
#token-form[hidden]{display:none}
#token-form h1{font-size:1.5rem;margin:0 0 1rem}
#token-form label{display:block;font-weight:600;margin-bottom:.25rem}
#token-form input{box-sizing:border-box;width:100%;padding:.5rem;font:inherit;border:1px solid #8891aa;border-radius:4px}
#token-form button{margin-top:.75rem;padding:.5rem 1rem;font:inherit;cursor:pointer}
#token-problem{color:#b00020;min-height:1.5em}
#token-form .hint{color:#55607a;font-size:.875rem}
`;

/**
 * The page's script, plain ES5-style so it runs before anything else loads. It
 * tries the tab's stored token, else shows the form; a token is checked with
 * `{ __typename }` (no schema yet) before GraphiQL is mounted with it. GraphiQL's
 * script downloads meanwhile (`defer`), so it is usually ready by then.
 */
function bootScript(config: string): string {
  return `(function () {
  var config = ${config};
  var endpoint = config.options.endpoint || location.pathname;
  var workers = {
    editorWorkerService: config.base + 'editor.worker.js',
    json: config.base + 'json.worker.js',
    graphql: config.base + 'graphql.worker.js'
  };
  self.MonacoEnvironment = { globalAPI: false, getWorkerUrl: function (moduleId, label) { return workers[label]; } };
  var script = document.getElementById('graphiql-script');
  var scriptReady = new Promise(function (resolve, reject) {
    if (window.YogaGraphiQL) return resolve();
    script.addEventListener('load', resolve);
    script.addEventListener('error', function () { reject(new Error('GraphiQL could not be loaded from the server.')); });
  });
  // Reported when a token is given (mount); until then a failed download is no one's business.
  scriptReady.catch(function () {});
  var form = document.getElementById('token-form');
  var input = document.getElementById('token-input');
  var problem = document.getElementById('token-problem');

  function check(token) {
    return fetch(endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/graphql-response+json, application/json',
        authorization: 'Bearer ' + token
      },
      body: JSON.stringify({ query: '{ __typename }' })
    }).then(function (res) {
      if (res.status === 401) return 'This token was not accepted: it is unknown, revoked or expired.';
      if (res.status === 429) return 'Too many attempts: wait a moment and try again.';
      if (!res.ok) return 'The server answered ' + res.status + '.';
      return '';
    }, function () { return 'The server cannot be reached. Is Wheelhouse running?'; });
  }

  function styles() {
    return new Promise(function (resolve) {
      var link = document.createElement('link');
      link.rel = 'stylesheet';
      link.href = config.base + 'graphiql.css';
      link.onload = link.onerror = resolve;
      document.head.appendChild(link);
    });
  }

  function mount(token) {
    form.hidden = true;
    Promise.all([scriptReady, styles()]).then(function () {
      var options = Object.assign({}, config.options, { additionalHeaders: { Authorization: 'Bearer ' + token } });
      window.YogaGraphiQL.renderYogaGraphiQL(document.getElementById('root'), options);
    }, function (error) {
      form.hidden = false;
      problem.textContent = error.message;
    });
  }

  function open(token) {
    problem.textContent = '';
    return check(token).then(function (refusal) {
      if (!refusal) {
        sessionStorage.setItem(config.sessionKey, token);
        return mount(token);
      }
      form.hidden = false;
      problem.textContent = refusal;
      input.focus();
    });
  }

  form.addEventListener('submit', function (event) {
    event.preventDefault();
    var token = input.value.trim();
    if (token) open(token);
  });
  var stored = sessionStorage.getItem(config.sessionKey);
  if (stored) open(stored);
  else {
    form.hidden = false;
    input.focus();
  }
})();`;
}
