import type { InstanceStatus } from '../providers/provider.js';

const MIN_FRAGMENT = 4;

/**
 * Hides the values an operation materialised (secret values, config file
 * contents) from every message it records. A workload that prints its config
 * and dies would otherwise carry that content into the operation's error,
 * the instance's message and the event log, through the provider's "last
 * log lines". Multi-line contents are masked line by line too, since a log
 * line holds one line of a file.
 */
export class Masker {
  #fragments: string[] = [];

  add(values: Iterable<string>): void {
    const all = new Set(this.#fragments);
    for (const v of values) {
      if (v.length >= MIN_FRAGMENT) all.add(v);
      for (const line of v.split(/\r?\n/)) {
        const t = line.trim();
        if (t.length >= MIN_FRAGMENT) all.add(t);
      }
    }
    // Longest first, so a whole value is replaced before a line inside it.
    this.#fragments = [...all].sort((a, b) => b.length - a.length);
  }

  text(s: string): string;
  text(s: string | null | undefined): string | null | undefined;
  text(s: string | null | undefined): string | null | undefined {
    if (!s || this.#fragments.length === 0) return s;
    let out = s;
    for (const f of this.#fragments) if (out.includes(f)) out = out.split(f).join('***');
    return out;
  }

  status(st: InstanceStatus): InstanceStatus;
  status(st: InstanceStatus | undefined): InstanceStatus | undefined;
  status(st: InstanceStatus | undefined): InstanceStatus | undefined {
    if (!st || this.#fragments.length === 0) return st;
    return {
      ...st,
      ...(st.message !== undefined ? { message: this.text(st.message) } : {}),
      services: Object.fromEntries(
        Object.entries(st.services).map(([name, s]) => [
          name,
          { ...s, ...(s.message !== undefined ? { message: this.text(s.message) } : {}) },
        ]),
      ),
    };
  }
}
