/*
 * zod compiles fast object parsers with `new Function`, which the server's Content-Security-Policy
 * (no 'unsafe-eval') refuses, with a violation in the console. zod reads this global setting when
 * a schema is built, so it must be set before any module runs: a classic script in index.html
 * does that (an import at the top of main.tsx does not, since bundled chunks it imports run first).
 */
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
