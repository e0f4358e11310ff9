/** Injected by vite.config.ts `define`: the web package's version. */
declare const __APP_VERSION__: string;
