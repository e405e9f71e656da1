// `npm start`: compiles the server when dist/ is missing or stale (scripts/server-build.mjs), then
// runs the compiled src/main.js in this same process: no TypeScript loader is ever loaded.
import { pathToFileURL } from 'node:url';
import { ensureServerBuilt, SERVER_MAIN } from './server-build.mjs';

await ensureServerBuilt((line) => process.stderr.write(`wheelhouse: ${line}\n`));
await import(pathToFileURL(SERVER_MAIN).href);
