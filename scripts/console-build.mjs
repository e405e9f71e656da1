// Builds the web console with Vite into the directory given as the only argument. Run by
// ensureConsoleBuilt (src/server/console-build.ts) as a process of its own: Vite, Rollup and the
// React plugin take some 370 MB that a server process would keep for its whole life after one
// build (its RSS was ~570 MB against ~200 MB without, measured on a start that had to build).
// Plain JavaScript so that the server compiled to dist/ can run it with no TypeScript loader.
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const outDir = process.argv[2];
if (!outDir) {
  process.stderr.write('usage: node scripts/console-build.mjs <out-dir>\n');
  process.exit(2);
}
const root = join(resolve(dirname(fileURLToPath(import.meta.url)), '..'), 'console');
// Vite and the React plugin read NODE_ENV (under Vitest it is `test`, which would give React's
// development build); the console is always a production build.
process.env.NODE_ENV = 'production';
const [{ build }, { default: react }] = await Promise.all([import('vite'), import('@vitejs/plugin-react')]);
await build({
  root,
  configFile: false,
  logLevel: 'warn',
  base: '/',
  plugins: [react()],
  mode: 'production',
  build: {
    outDir,
    emptyOutDir: true,
    // The polyfill would be an inline script, which the Content-Security-Policy forbids.
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 1024,
  },
});
