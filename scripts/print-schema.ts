import { writeFile } from 'node:fs/promises';
import { printSchema } from 'graphql';
import { buildSchema } from '../src/schema/index.js';

/** Prints the sorted SDL to schema/schema.graphql (a test fails when the committed copy drifts). */
const sdl = `${printSchema(buildSchema())}\n`;
await writeFile(new URL('../schema/schema.graphql', import.meta.url), sdl);
console.log(`wrote schema/schema.graphql (${sdl.split('\n').length} lines)`);
