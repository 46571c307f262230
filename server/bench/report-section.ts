// docs/benchmarks.md is shared by every benchmark and by hand-written notes: each benchmark owns one
// section, the lines between `<!-- bench:<name> -->` and `<!-- /bench:<name> -->`, and writes only
// there. Its runs go in newest first; the text outside the section (its chapter's introduction, the
// other benchmarks, the notes) is never rewritten.
import fs from 'node:fs';
import path from 'node:path';

export const BENCHMARKS_FILE = path.resolve(import.meta.dirname, '../../docs/benchmarks.md');

const NAME = /^[a-z0-9][a-z0-9-]*$/;

function markersOf(name: string): { open: string; close: string } {
  if (!NAME.test(name)) throw new Error(`bench section name "${name}": use lower-case letters, digits and -`);
  return { open: `<!-- bench:${name} -->`, close: `<!-- /bench:${name} -->` };
}

/** Where a marker stands as a whole line (a marker quoted inside a sentence is not one). */
function lineIndexes(document: string, marker: string): number[] {
  const found: number[] = [];
  for (let at = document.indexOf(marker); at !== -1; at = document.indexOf(marker, at + 1)) {
    const startsLine = at === 0 || document[at - 1] === '\n';
    const end = at + marker.length;
    const endsLine = end === document.length || document[end] === '\n' || document.startsWith('\r\n', end);
    if (startsLine && endsLine) found.push(at);
  }
  return found;
}

type Span = { open: string; close: string; openAt: number; closeAt: number };

/** The section's markers in the document; undefined when it has neither; an error when they are broken. */
function spanOf(document: string, name: string): Span | undefined {
  const { open, close } = markersOf(name);
  const opens = lineIndexes(document, open);
  const closes = lineIndexes(document, close);
  if (opens.length === 0 && closes.length === 0) return undefined;
  if (opens.length !== 1 || closes.length !== 1) {
    throw new Error(
      `docs/benchmarks.md: the section ${name} needs exactly one ${open} and one ${close} line ` +
        `(found ${opens.length} and ${closes.length}); fix the file by hand`,
    );
  }
  if (closes[0] < opens[0]) throw new Error(`docs/benchmarks.md: ${close} comes before ${open}`);
  return { open, close, openAt: opens[0], closeAt: closes[0] };
}

/** The text between the section's markers (trimmed), or undefined when the document has no such section. */
export function readSection(document: string, name: string): string | undefined {
  const span = spanOf(document, name);
  return span && document.slice(span.openAt + span.open.length, span.closeAt).trim();
}

/**
 * The document with the section's text replaced by `content` and every other character kept. A
 * missing section is added at the end, under `heading` (the chapter title and introduction a new
 * file needs).
 */
export function replaceSection(
  document: string,
  name: string,
  content: string,
  options: { heading?: string } = {},
): string {
  const body = content.trim();
  const span = spanOf(document, name);
  if (span) {
    const inner = body ? `\n\n${body}\n\n` : '\n';
    return document.slice(0, span.openAt + span.open.length) + inner + document.slice(span.closeAt);
  }
  const { open, close } = markersOf(name);
  const section = [options.heading?.trim(), open, body, close].filter(Boolean).join('\n\n');
  const before = document.trimEnd();
  return `${before ? `${before}\n\n` : ''}${section}\n`;
}

/** The document with `run` first in the section and the section's earlier runs kept below it. */
export function withRunAdded(
  document: string,
  name: string,
  run: string,
  options: { heading?: string } = {},
): string {
  const earlier = readSection(document, name) ?? '';
  return replaceSection(document, name, [run.trim(), earlier].filter(Boolean).join('\n\n'), options);
}

/**
 * Adds a run to the benchmark's section of docs/benchmarks.md (or of `file`); with `quick`, only says
 * that nothing was written (a smoke run's figures are not worth keeping).
 */
export function recordRun(
  name: string,
  run: string,
  options: { quick?: boolean; heading?: string; file?: string } = {},
): void {
  const file = options.file ?? BENCHMARKS_FILE;
  const shown = path.relative(process.cwd(), file) || file;
  if (options.quick) {
    console.log(`(--quick: ${shown} left as it was)`);
    return;
  }
  const document = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  fs.writeFileSync(file, withRunAdded(document, name, run, { heading: options.heading }));
  console.log(`written to the ${name} section of ${shown}`);
}
