import type { Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';
import { createImportResolver } from '../../vite-module-graph.ts';

/** A bundler's view of a few modules: their code and the ids of what they import, in order. */
function graph(modules: Record<string, { code: string; imports?: string[]; exports?: string[] }>) {
  return {
    getModuleInfo: (id: string) =>
      modules[id] && {
        code: modules[id].code,
        importedIds: modules[id].imports ?? [],
        exports: modules[id].exports ?? [],
      },
  } as unknown as Rolldown.ChunkingContext;
}

const UI = {
  '/node_modules/ui/index.mjs': {
    code: [
      '/** a package index */',
      'import "./ui.css";',
      'import { Button } from "./button.mjs";',
      'import { Modal, ModalTitle as Title } from "./modal.mjs";',
      'export * from "./forms/index.mjs";',
      'export { default as Icon } from "./icon.mjs";',
      'export { Button, Modal, Title };',
    ].join('\n'),
    imports: [
      '/node_modules/ui/ui.css',
      '/node_modules/ui/button.mjs',
      '/node_modules/ui/modal.mjs',
      '/node_modules/ui/forms/index.mjs',
      '/node_modules/ui/icon.mjs',
    ],
  },
  '/node_modules/ui/forms/index.mjs': {
    code: 'export { Input } from "./input.mjs";\nexport { Select } from "./select.mjs";',
    imports: ['/node_modules/ui/forms/input.mjs', '/node_modules/ui/forms/select.mjs'],
    exports: ['Input', 'Select'],
  },
  '/node_modules/ui/ui.css': { code: '.ui {}' },
  '/node_modules/ui/button.mjs': { code: 'export function Button() {}' },
  '/node_modules/ui/modal.mjs': { code: 'export function Modal() {}\nexport function ModalTitle() {}' },
  '/node_modules/ui/icon.mjs': { code: 'export default function Icon() {}' },
  '/node_modules/ui/forms/input.mjs': { code: 'export function Input() {}' },
  '/node_modules/ui/forms/select.mjs': { code: 'export function Select() {}' },
};

describe('what a module really imports (vite-module-graph.ts)', () => {
  it('follows names imported from a package index to the modules that define them (and its side effects)', () => {
    const staticImports = createImportResolver(
      graph({
        ...UI,
        '/src/page.tsx': {
          code: 'import { Button, Title as T, Input } from "ui";\nimport { helper } from "./helper.ts";\nexport const x = 1;',
          imports: ['/node_modules/ui/index.mjs', '/src/helper.ts', '\0vite/preload-helper.js'],
        },
      }),
    );
    expect(staticImports('/src/page.tsx').sort()).toEqual(
      [
        '\0vite/preload-helper.js',
        '/node_modules/ui/index.mjs',
        '/node_modules/ui/ui.css',
        '/node_modules/ui/button.mjs',
        '/node_modules/ui/modal.mjs',
        '/node_modules/ui/forms/index.mjs',
        '/node_modules/ui/forms/input.mjs',
        '/src/helper.ts',
      ].sort(),
    );
    // The index's own list is empty: what it re-exports is taken by each importer, as used.
    expect(staticImports('/node_modules/ui/index.mjs')).toEqual([]);
  });

  it('takes all of an index for a namespace import or a name it cannot place (more, never less)', () => {
    const all = Object.keys(UI).filter((id) => id !== '/node_modules/ui/index.mjs');
    const staticImports = createImportResolver(
      graph({
        ...UI,
        '/src/all.tsx': { code: 'import * as ui from "ui";', imports: ['/node_modules/ui/index.mjs'] },
        '/src/unknown.tsx': {
          code: 'import { Missing } from "ui";',
          imports: ['/node_modules/ui/index.mjs'],
        },
      }),
    );
    for (const id of ['/src/all.tsx', '/src/unknown.tsx'])
      expect(staticImports(id).sort()).toEqual(['/node_modules/ui/index.mjs', ...all].sort());
  });

  it('keeps the bundler list when the statements do not line up with it', () => {
    const staticImports = createImportResolver(
      graph({
        ...UI,
        '/src/odd.tsx': {
          code: 'import { Button } from "ui";',
          imports: ['/node_modules/ui/index.mjs', '/src/other.ts'],
        },
      }),
    );
    expect(staticImports('/src/odd.tsx')).toContain('/src/other.ts');
    expect(staticImports('/src/odd.tsx')).toContain('/node_modules/ui/forms/select.mjs');
  });
});
