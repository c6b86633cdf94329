/**
 * `npm run dev`: the development server, on PORT with hot reload (Vite HMR,
 * React Fast Refresh), behind the same Fastify app as production: API,
 * security headers, database and outbox, configured by the same environment
 * variables (src/server/config.ts). It listens on localhost unless HOST says
 * otherwise, since Vite serves the project's source files. Closes gracefully
 * on SIGTERM/SIGINT, as `npm run serve` does.
 */
import { env } from 'node:process';

// Set before anything loads React or React Router, which choose their
// development build when first imported, hence the dynamic imports below.
env.NODE_ENV = 'development';

const { appOrExit, configOrExit, serve } = await import('./serve.ts');
const { buildDevApp } = await import('./dev-app.ts');

const config = configOrExit({ HOST: 'localhost', ...env });
const app = await appOrExit(buildDevApp({ config }));
await serve(app, config);
