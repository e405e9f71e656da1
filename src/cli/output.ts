import Table from 'cli-table3';

/** Where a command writes: tables and lines for people, or one JSON document for scripts. */
export interface Output {
  readonly json: boolean;
  /** A line for people (stdout; stderr in --json mode so stdout stays one JSON document). */
  line(text: string): void;
  /** The command's result: a table for people, `data` as JSON for scripts. */
  table(head: string[], rows: Array<Array<string | number | boolean | null | undefined>>, data: unknown): void;
  /** The command's result as JSON, or `text` for people. */
  result(data: unknown, text?: string): void;
}

export function createOutput(json: boolean): Output {
  return {
    json,
    line(text) {
      (json ? process.stderr : process.stdout).write(`${text}\n`);
    },
    table(head, rows, data) {
      if (json) return void process.stdout.write(`${JSON.stringify(data, null, 2)}\n`);
      const table = new Table({
        head,
        style: { head: [], border: [], compact: true, 'padding-left': 0, 'padding-right': 0 },
        chars: {
          top: '',
          'top-mid': '',
          'top-left': '',
          'top-right': '',
          bottom: '',
          'bottom-mid': '',
          'bottom-left': '',
          'bottom-right': '',
          left: '',
          'left-mid': '',
          mid: '',
          'mid-mid': '',
          right: '',
          'right-mid': '',
          middle: '   ',
        },
      });
      for (const row of rows) table.push(row.map((c) => (c === null || c === undefined ? '-' : String(c))));
      process.stdout.write(`${table.toString().replace(/ +$/gm, '')}\n`);
    },
    result(data, text) {
      if (json) process.stdout.write(`${JSON.stringify(data, null, 2)}\n`);
      else if (text !== undefined) process.stdout.write(`${text}\n`);
    },
  };
}
