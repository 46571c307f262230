// Which built files a page of the web app loads, read from Vite's manifest (web/vite.config.ts):
// the entry's static imports and the page's chunks with their own static imports. The size budget
// (.size-limit.js) and the bundle benchmark both use it.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** Where the build is: WEB_DIST_DIR when set (parallel test runs build side by side), else web/dist. */
export const webDist = process.env.WEB_DIST_DIR
  ? path.resolve(process.env.WEB_DIST_DIR)
  : path.join(root, 'web/dist');

/** The login page's source, as the manifest names it (relative to web/). */
export const LOGIN_PAGE = 'src/features/auth/pages/login-page.tsx';

interface ManifestChunk {
  file: string;
  name?: string;
  imports?: string[];
  isEntry?: boolean;
}

function readManifest(dist: string): Record<string, ManifestChunk> {
  const manifestFile = path.join(dist, '.vite/manifest.json');
  if (!fs.existsSync(manifestFile))
    throw new Error(`No build manifest at ${manifestFile}: run \`npm run build\`.`);
  return JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
}

/** The JavaScript files (absolute paths) of the entry and of the chunks `keys`, with their imports. */
function scriptsOf(manifest: Record<string, ManifestChunk>, keys: string[], dist: string): string[] {
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entry) throw new Error('The build manifest has no entry.');
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entry);
  for (const key of keys) visit(key);
  return [...files].filter((file) => file.endsWith('.js')).map((file) => path.join(dist, file));
}

/** The JavaScript files (absolute paths) the browser fetches to show `page`, entry included. */
export function scriptsOfPage(page: string, dist = webDist): string[] {
  const manifest = readManifest(dist);
  if (!manifest[page]) throw new Error(`The build manifest has no chunk for ${page}.`);
  return scriptsOf(manifest, [page], dist);
}

/**
 * The JavaScript files the browser fetches to show a role's dashboard: the entry, the signed-in
 * shell and the role's content, chunks the build names (web/vite-chunks.ts, ROLE_DASHBOARDS).
 */
export function scriptsOfDashboard(role: string, dist = webDist): string[] {
  const manifest = readManifest(dist);
  const named = (name: string) => {
    const key = Object.keys(manifest).find(
      (k) => manifest[k].name === name && manifest[k].file.endsWith('.js'),
    );
    if (!key) throw new Error(`The build manifest has no chunk named ${name}.`);
    return key;
  };
  return scriptsOf(manifest, [named('signed-in'), named(`dashboard-${role}`)], dist);
}
