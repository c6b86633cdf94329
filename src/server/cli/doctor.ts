/**
 * `npm run doctor`: checks the configuration (the server's, from the same
 * environment) and each outside service it names, one line each, and exits
 * 1 naming what failed (src/server/services/doctor/doctor.ts). It changes
 * nothing: no migration, no file made, no mail sent, no text translated.
 */
import { runDoctor } from '../services/doctor/doctor.ts';

process.exitCode = await runDoctor({ env: process.env, print: (line) => console.log(line) });
