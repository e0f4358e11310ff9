import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { defineConfig } from 'vite';

// The version label in the user menu comes from this package's version, fixed at build time.
const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

// react-router's package exports point every condition at its development build (extra checks
// and warnings); production builds take the production build that ships beside it.
const reactRouterProduction = createRequire(import.meta.url)
  .resolve('react-router')
  .replace(/([\\/])development([\\/])index\.m?js$/, '$1production$2index.mjs');

export default defineConfig(({ mode }) => ({
  // Relative asset URLs let the server mount the built app under any path.
  base: './',
  // No @vitejs/plugin-react: Vite 8 transforms JSX with oxc itself.
  oxc: { jsx: { runtime: 'automatic' } },
  define: { __APP_VERSION__: JSON.stringify(pkg.version) },
  resolve: {
    // antd-mobile's peer range pulled a second React (18) into the root node_modules;
    // one copy only, or hooks break across the two.
    dedupe: ['react', 'react-dom'],
    alias: mode === 'production' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    rolldownOptions: {
      // "use client" directives only matter to server components, which this app has none of.
      onwarn(warning, warn) {
        if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
      },
      output: {
        // The runtime every page needs gets one stable, cacheable chunk with an honest name;
        // page-specific libraries (charts, drag and drop) stay with their lazy pages.
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|zustand|use-sync-external-store)[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/webapi': { target: 'http://127.0.0.1:8080', changeOrigin: false } },
  },
  preview: {
    proxy: { '/webapi': { target: 'http://127.0.0.1:8080', changeOrigin: false } },
  },
}));
