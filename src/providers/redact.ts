/** Replaces every occurrence of a secret value in `text` with `***`. */
export function redact(text: string, secrets: readonly string[] | undefined): string {
  let out = text;
  // Longest first, so a secret containing another is masked whole.
  for (const s of [...(secrets ?? [])].filter((v) => v.length > 0).sort((a, b) => b.length - a.length)) {
    out = out.split(s).join('***');
  }
  return out;
}
