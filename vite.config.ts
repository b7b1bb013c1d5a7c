import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import babel from '@rolldown/plugin-babel';
import tailwindcss from '@tailwindcss/vite';
import { lingui } from '@lingui/vite-plugin';
import { fileURLToPath } from 'node:url';

// `npx vite` proxies the API to the server on API_PORT (default 8080), so several dev servers can run side by side.
const api = `http://127.0.0.1:${process.env.API_PORT ?? '8080'}`;

export default defineConfig({
  root: 'client',
  plugins: [react(), babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }), lingui(), tailwindcss()],
  resolve: { alias: { '@server': fileURLToPath(new URL('./server', import.meta.url)) } },
  build: { outDir: '../dist/client', emptyOutDir: true },
  server: { proxy: { '/rest': api, '/sse': api, '/mailbox/raw': api } },
});
