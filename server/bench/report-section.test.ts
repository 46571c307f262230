import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readSection, recordRun, replaceSection, withRunAdded } from './report-section.ts';

const before = `# Test suite time

Hand-written notes that no benchmark owns. A marker quoted in a sentence, \`<!-- bench:soak -->\`, is not one.
`;
const soak = `<!-- bench:soak -->

## 2026-11-25 soak

| scenario | p99 ms |
| --- | --: |
| session | 28.0 |

<!-- /bench:soak -->`;
const between = `
# Request-path benchmark

The introduction, written by hand.

`;
const requestPath = `<!-- bench:request-path -->

## 2026-11-23 09:53 UTC: an earlier run

| route | req/s |
| --- | --: |
| bare Fastify | 40,000 |

<!-- /bench:request-path -->`;
const after = `

# Notes after every section

<!-- bench:request-path-old -->
Another section whose name starts with the same words.
<!-- /bench:request-path-old -->
`;
const document = before + soak + between + requestPath + after;

describe('the benchmark sections of docs/benchmarks.md', () => {
  it('adds a run at the top of its own section and leaves every other character as it was', () => {
    const updated = withRunAdded(document, 'request-path', '## 2026-12-01 10:00 UTC: a new run\n\nfigures');

    const open = before + soak + between;
    expect(updated.startsWith(`${open}<!-- bench:request-path -->\n`)).toBe(true);
    expect(updated.endsWith(`<!-- /bench:request-path -->${after}`)).toBe(true);
    expect(readSection(updated, 'soak')).toBe(readSection(document, 'soak'));
    expect(readSection(updated, 'request-path-old')).toBe(
      'Another section whose name starts with the same words.',
    );
    const section = readSection(updated, 'request-path') ?? '';
    expect(section.indexOf('a new run')).toBeLessThan(section.indexOf('an earlier run'));
    expect(section).toContain('| bare Fastify | 40,000 |');
  });

  it('replaces a section whole when asked to, and nothing around it', () => {
    const updated = replaceSection(document, 'soak', 'only the latest');
    expect(updated).toBe(
      `${before}<!-- bench:soak -->\n\nonly the latest\n\n<!-- /bench:soak -->${between}${requestPath}${after}`,
    );
  });

  it('adds a missing section at the end, under its heading, after the text already there', () => {
    const updated = withRunAdded(document, 'startup', '## run 1', {
      heading: '# Start-up\n\nHow it is measured.',
    });
    expect(updated.startsWith(document.trimEnd())).toBe(true);
    expect(updated.slice(document.trimEnd().length)).toBe(
      '\n\n# Start-up\n\nHow it is measured.\n\n<!-- bench:startup -->\n\n## run 1\n\n<!-- /bench:startup -->\n',
    );
    expect(withRunAdded('', 'startup', '## run 1')).toBe(
      '<!-- bench:startup -->\n\n## run 1\n\n<!-- /bench:startup -->\n',
    );
  });

  it('refuses a section whose markers are broken rather than guess where it ends', () => {
    expect(() => withRunAdded(`${soak}\n<!-- bench:soak -->\n`, 'soak', 'run')).toThrow(/exactly one/);
    expect(() => withRunAdded('<!-- bench:soak -->\nno end\n', 'soak', 'run')).toThrow(/exactly one/);
    expect(() => withRunAdded('<!-- /bench:soak -->\n<!-- bench:soak -->\n', 'soak', 'run')).toThrow(
      /comes before/,
    );
    expect(() => withRunAdded(document, 'Soak runs', 'run')).toThrow(/lower-case/);
  });

  describe('recordRun', () => {
    const dirs: string[] = [];
    afterEach(() => {
      for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
    });
    const tempFile = () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-section-'));
      dirs.push(dir);
      const file = path.join(dir, 'benchmarks.md');
      fs.writeFileSync(file, document);
      return file;
    };

    it('writes the run into the file', () => {
      const file = tempFile();
      recordRun('soak', '## 2026-12-02 soak', { file });
      const written = fs.readFileSync(file, 'utf8');
      expect(written).toBe(withRunAdded(document, 'soak', '## 2026-12-02 soak'));
      expect(readSection(written, 'request-path')).toBe(readSection(document, 'request-path'));
    });

    it('writes nothing on a quick run', () => {
      const file = tempFile();
      recordRun('soak', '## a smoke run', { file, quick: true });
      expect(fs.readFileSync(file, 'utf8')).toBe(document);
    });
  });
});
