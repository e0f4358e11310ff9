// zod compiles fast object parsers with `new Function`, which the server's Content-Security-Policy
// (no 'unsafe-eval') refuses, with an error in the console. The setting is read when a schema is
// built, so this module is imported before anything that imports the contract.
import { config } from 'zod';

config({ jitless: true });
