import { runCli } from './program.js';

/** Entry point of `wheelhouse`: run with tsx (`bin/wheelhouse`, `npx wheelhouse`). */
const code = await runCli(process.argv.slice(2));
process.exit(code);
