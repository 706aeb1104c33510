import { parseDocument } from 'yaml';

export type FrontMatterResult =
  { ok: true; data: unknown; body: string } | { ok: false; field: string; message: string };

const OPENING = /^---[ \t]*\r?\n/;
const CLOSING = /^---[ \t]*\r?$/m;

/**
 * Splits a Markdown file into its YAML front matter (between the first two `---` lines) and the
 * body. YAML 1.2 core schema: dates stay strings ('2026-01-05'), duplicate keys are errors.
 */
export function parseFrontMatter(source: string): FrontMatterResult {
  const text = source.replace(/^\uFEFF/, '');
  const opening = OPENING.exec(text);
  if (!opening) {
    return {
      ok: false,
      field: 'front matter',
      message: 'missing: the file must start with a line "---", then YAML, then "---"',
    };
  }
  const rest = text.slice(opening[0].length);
  const closing = CLOSING.exec(rest);
  if (!closing)
    return { ok: false, field: 'front matter', message: 'not closed: no line "---" after the YAML' };

  const yamlText = rest.slice(0, closing.index);
  const body = rest.slice(closing.index + closing[0].length).replace(/^\r?\n/, '');
  const parsed = parseYaml(yamlText, 1);
  if (!parsed.ok) return { ok: false, field: 'front matter', message: parsed.message };
  return { ok: true, data: parsed.data, body };
}

/** lineOffset: lines of the file before the YAML text, so positions point into the file. */
export function parseYaml(
  text: string,
  lineOffset = 0,
): { ok: true; data: unknown } | { ok: false; message: string } {
  const document = parseDocument(text, { uniqueKeys: true, prettyErrors: true });
  const error = document.errors[0];
  if (error) {
    const where = error.linePos
      ? ` (line ${error.linePos[0].line + lineOffset}, column ${error.linePos[0].col})`
      : '';
    const what = (error.message.split('\n')[0] ?? '').replace(/ at line \d+, column \d+:?$/, '');
    return { ok: false, message: `invalid YAML${where}: ${what}` };
  }
  return { ok: true, data: document.toJS({ maxAliasCount: 100 }) as unknown };
}
