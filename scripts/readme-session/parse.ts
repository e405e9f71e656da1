/**
 * Reads the README's first session into the steps the runner executes. The
 * convention (also in an HTML comment at the top of the README's section):
 *
 * - The session is the README from `## A first session` to the next `## ` heading.
 * - A ```sh or ```bash block is a script: it runs in the session's one bash, so
 *   variables, functions and the directory carry over to the next block. Its
 *   expected output is the ```json, ```text or bare ``` block right after it
 *   (nothing but blank lines between); without one it must print nothing.
 * - A ```console block is a terminal: each `$ ` line is a command (a trailing
 *   `\` continues it on the next line) and the lines up to the next `$ ` are
 *   what it prints. A command may exit non-zero only when the next command is
 *   `echo $?`, which then shows the code.
 * - `<!-- readme-session: file NAME -->` before a block saves the block as NAME
 *   in the session's directory (a program a later command runs); nothing runs.
 * - `<!-- readme-session: skip -->` before a block leaves it (and its output
 *   block) out. Blocks of other languages (graphql, yaml, ts, json not right
 *   after a script) are illustrations and are not run.
 */
import { readFileSync } from 'node:fs';

/** One fenced block of the README, with the HTML comment directive right before it, if any. */
interface Fence {
  lang: string;
  body: string;
  /** 1-based line of the opening fence. */
  line: number;
  directive?: string;
  /** Only blank lines between this block and the one before it. */
  adjacent: boolean;
}

/** A command and what the README says it prints. */
export interface Command {
  /** The command as the README writes it. */
  text: string;
  /** The output the README shows (may be empty). */
  expected: string;
  /** The README's line of the command. */
  line: number;
  /** The expected output is JSON laid out over lines for reading: compared without its layout. */
  json: boolean;
  /** A non-zero exit code is what the README shows next (`echo $?`). */
  mayFail: boolean;
  /** Runs under `set -e` (a script block) rather than as a terminal line. */
  script: boolean;
}

/** A step of the session: commands to run in order, or a file to save. */
export type Step =
  | { kind: 'commands'; line: number; commands: Command[] }
  | { kind: 'file'; line: number; name: string; content: string };

const SCRIPT_LANGS = new Set(['sh', 'bash']);
const OUTPUT_LANGS = new Set(['json', 'text', '']);
const DIRECTIVE = /^<!--\s*readme-session:\s*(.+?)\s*-->$/;

/** The steps of the README's first session in `readmePath`. */
export function readSession(readmePath: string): Step[] {
  return sessionSteps(readFileSync(readmePath, 'utf8'));
}

/** The steps of the first session in README text `markdown`. */
export function sessionSteps(markdown: string): Step[] {
  const fences = sessionFences(markdown);
  const steps: Step[] = [];
  for (let i = 0; i < fences.length; i++) {
    const f = fences[i]!;
    if (f.directive === 'skip') {
      if (SCRIPT_LANGS.has(f.lang) && fences[i + 1]?.adjacent && OUTPUT_LANGS.has(fences[i + 1]!.lang)) i++;
      continue;
    }
    const file = f.directive?.match(/^file\s+(\S+)$/);
    if (file) {
      steps.push({ kind: 'file', line: f.line, name: file[1]!, content: f.body });
      continue;
    }
    if (f.directive) throw new Error(`README.md:${f.line - 1}: unknown readme-session directive "${f.directive}"`);
    if (SCRIPT_LANGS.has(f.lang)) {
      const next = fences[i + 1];
      const output = next?.adjacent && !next.directive && OUTPUT_LANGS.has(next.lang) ? next : undefined;
      if (output) i++;
      steps.push({
        kind: 'commands',
        line: f.line,
        commands: [
          {
            text: f.body,
            expected: output?.body ?? '',
            line: f.line + 1,
            json: output?.lang === 'json',
            mayFail: false,
            script: true,
          },
        ],
      });
    } else if (f.lang === 'console') {
      steps.push({ kind: 'commands', line: f.line, commands: consoleCommands(f) });
    }
  }
  return steps;
}

/** The fenced blocks between `## A first session` and the next level-2 heading. */
function sessionFences(markdown: string): Fence[] {
  const lines = markdown.split('\n');
  const start = lines.findIndex((l) => l.trim() === '## A first session');
  if (start < 0) throw new Error('README.md has no "## A first session" section');
  let end = lines.findIndex((l, i) => i > start && l.startsWith('## '));
  if (end < 0) end = lines.length;
  const fences: Fence[] = [];
  let directive: string | undefined;
  let sinceLast = 'blank';
  for (let i = start + 1; i < end; i++) {
    const line = lines[i]!;
    const open = line.match(/^```(\w*)\s*$/);
    if (open) {
      const body: string[] = [];
      let j = i + 1;
      while (j < end && lines[j]!.trim() !== '```') body.push(lines[j++]!);
      if (j >= end) throw new Error(`README.md:${i + 1}: unclosed code block`);
      fences.push({
        lang: open[1] ?? '',
        body: body.join('\n'),
        line: i + 1,
        ...(directive ? { directive } : {}),
        adjacent: sinceLast === 'blank' && fences.length > 0,
      });
      directive = undefined;
      sinceLast = 'blank';
      i = j;
      continue;
    }
    const d = line.trim().match(DIRECTIVE);
    if (d) directive = d[1];
    else if (line.trim() !== '') {
      // Prose between two blocks: the second is not the first's output, and a directive applies to the next block only.
      sinceLast = 'text';
      if (!line.trim().startsWith('<!--')) directive = undefined;
    }
  }
  return fences;
}

/** A console block's commands, each with the lines it prints. */
function consoleCommands(f: Fence): Command[] {
  const lines = f.body.split('\n');
  const commands: Command[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (!line.startsWith('$ ')) {
      if (commands.length === 0 && line.trim() !== '')
        throw new Error(`README.md:${f.line + 1 + i}: console block does not start with a "$ " command`);
      continue;
    }
    let text = line.slice(2);
    const at = f.line + 1 + i;
    while (text.endsWith('\\') && i + 1 < lines.length) text = `${text}\n${lines[++i]}`;
    const output: string[] = [];
    while (i + 1 < lines.length && !lines[i + 1]!.startsWith('$ ')) output.push(lines[++i]!);
    commands.push({ text, expected: output.join('\n'), line: at, json: false, mayFail: false, script: false });
  }
  for (let i = 0; i + 1 < commands.length; i++) commands[i]!.mayFail = commands[i + 1]!.text.trim() === 'echo $?';
  return commands;
}
