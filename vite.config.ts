import { createHash } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { lingui } from '@lingui/vite-plugin';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// `npx vite` proxies the API to the server on API_PORT (default 8080), so several dev servers can run side by side.
const api = `http://127.0.0.1:${process.env.API_PORT ?? '8080'}`;

const fromRoot = (dir: string) => fileURLToPath(new URL(dir, import.meta.url));

/**
 * Splits each language's catalog in two, so that a participant's phone does not download the organisers' texts:
 * the catalog chunk keeps the messages the public pages use (the entry's code and every chunk the public areas
 * load), and `rest()` imports all the others. `client/lib/i18n.ts` loads the rest before any other area shows
 * (and whenever a message is missing, as a safety net). Only in `vite build`: the dev server serves whole catalogs.
 *
 * A message counts as used when its id stands as a string literal in that code, which is how the Lingui macro
 * and the descriptors marked for extraction put it there. The split runs after rendering, so the two files get
 * new names from their contents and the chunk that imports the catalog is pointed at the new name; that chunk's
 * own name already changes with the catalog and with every public chunk it reaches.
 */
function splitCatalogs({ publicAreas }: { publicAreas: string[] }): Plugin {
  const areaIds = publicAreas.map(fromRoot);
  const isCatalog = (id: string | null) => !!id && /[\\/]locales[\\/][^\\/]+[\\/]messages\.po$/.test(id);
  const hashOf = (text: string) =>
    createHash('sha256').update(text).digest('base64url').replace(/[-_]/g, '').slice(0, 8);
  return {
    name: 'running-dinner:split-catalogs',
    apply: 'build',
    generateBundle: {
      order: 'post',
      async handler(_options, bundle) {
        const chunks = Object.values(bundle).flatMap((file) => (file.type === 'chunk' ? [file] : []));
        const catalogs = chunks.filter((chunk) => isCatalog(chunk.facadeModuleId));
        const areas = areaIds.map((id) => chunks.find((chunk) => chunk.facadeModuleId === id));
        const entry = chunks.find((chunk) => chunk.isEntry);
        if (catalogs.length === 0 || !entry || areas.some((area) => !area)) {
          this.warn(`catalogs left whole: no catalog chunk, entry or chunk for ${publicAreas.join(', ')}`);
          return;
        }
        // The entry with what it imports statically, and each public area with everything it loads, lazily too.
        const publicChunks = new Set<string>();
        const visit = (fileName: string, lazily: boolean) => {
          const chunk = bundle[fileName];
          if (publicChunks.has(fileName) || chunk?.type !== 'chunk' || isCatalog(chunk.facadeModuleId)) return;
          publicChunks.add(fileName);
          for (const name of chunk.imports) visit(name, lazily);
          if (lazily) for (const name of chunk.dynamicImports) visit(name, lazily);
        };
        visit(entry.fileName, false);
        for (const area of areas) visit(area!.fileName, true);
        const publicCode = [...publicChunks].map((name) => (bundle[name] as { code: string }).code).join('\n');
        // Every quoted run without quotes, backslashes or white space, overlapping ones too ("a","b" holds both).
        const literals = new Set(Array.from(publicCode.matchAll(/(?=["'`]([^"'`\\\s]+)["'`])/g), (match) => match[1]));
        const isUsed = (id: string) =>
          /["'`\\\s]/.test(id)
            ? ['"', "'", '`'].some((quote) => publicCode.includes(quote + id + quote))
            : literals.has(id);

        for (const catalog of catalogs) {
          const module = (await import(
            `data:text/javascript;base64,${Buffer.from(catalog.code).toString('base64')}`
          )) as { messages?: Record<string, unknown> };
          if (!module.messages) {
            this.warn(`${catalog.fileName} left whole: it exports no messages`);
            continue;
          }
          const used: Record<string, unknown> = {};
          const rest: Record<string, unknown> = {};
          for (const [id, message] of Object.entries(module.messages)) (isUsed(id) ? used : rest)[id] = message;
          const dir = path.posix.dirname(catalog.fileName);
          const asModule = (messages: Record<string, unknown>) =>
            `export const messages=JSON.parse(${JSON.stringify(JSON.stringify(messages))});\n`;
          const restCode = asModule(rest);
          const restName = `${dir}/${catalog.name}-rest-${hashOf(restCode)}.js`;
          const coreCode = `${asModule(used)}export const rest=()=>import(${JSON.stringify(`./${path.posix.basename(restName)}`)});\n`;
          const coreName = `${dir}/${catalog.name}-${hashOf(coreCode)}.js`;
          const oldBase = path.posix.basename(catalog.fileName);
          const newBase = path.posix.basename(coreName);
          for (const chunk of chunks) {
            if (chunk === catalog || !chunk.code.includes(oldBase)) continue;
            chunk.code = chunk.code.split(oldBase).join(newBase);
            chunk.dynamicImports = chunk.dynamicImports.map((name) => (name === catalog.fileName ? coreName : name));
            chunk.imports = chunk.imports.map((name) => (name === catalog.fileName ? coreName : name));
          }
          delete bundle[catalog.fileName];
          this.emitFile({ type: 'asset', fileName: coreName, source: coreCode });
          this.emitFile({ type: 'asset', fileName: restName, source: restCode });
        }
      },
    },
  };
}

export default defineConfig({
  root: 'client',
  plugins: [
    // plugin-react 5 still takes Babel plugins (6 does not, and @rolldown/plugin-babel wants Node 22): the Lingui macro.
    react({ babel: { plugins: ['@lingui/babel-plugin-lingui-macro'] } }),
    lingui(),
    tailwindcss(),
    // The landing pages with the public event page, its registration form and the confirmation page.
    splitCatalogs({ publicAreas: ['./client/features/landing/LandingArea.tsx'] }),
  ],
  resolve: {
    alias: {
      '@contract': fromRoot('./contract'),
      '@domain': fromRoot('./domain'),
    },
  },
  build: { outDir: '../dist/client', emptyOutDir: true },
  server: { proxy: { '/rest': api, '/sse': api, '/mailbox/raw': api } },
});
