import { z } from 'zod';

// In the browser zod must not probe for `new Function` (its JIT): the CSP
// forbids eval, and the probe would be reported as a
// violation. The server keeps the faster JIT path.
if (typeof document !== 'undefined') z.config({ jitless: true });

export { z };
