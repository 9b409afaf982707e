import { z } from 'zod';

// The server's CSP has no 'unsafe-eval'. zod decides at schema construction whether to compile
// parsers with `new Function`, so this must run before any schema exists: main.tsx imports this
// module first, ahead of everything that imports the contract.
z.config({ jitless: true });
