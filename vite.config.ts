import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import babel from '@rolldown/plugin-babel';
import tailwindcss from '@tailwindcss/vite';
import { lingui } from '@lingui/vite-plugin';
import { fileURLToPath } from 'node:url';

export default defineConfig({
  root: 'client',
  plugins: [react(), babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }), lingui(), tailwindcss()],
  resolve: { alias: { '@server': fileURLToPath(new URL('./server', import.meta.url)) } },
  build: { outDir: '../dist/client', emptyOutDir: true },
  server: { proxy: { '/rest': 'http://127.0.0.1:8080', '/sse': 'http://127.0.0.1:8080', '/mailbox/raw': 'http://127.0.0.1:8080' } },
});
