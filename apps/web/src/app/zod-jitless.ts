// The web build resolves every `import ... from 'zod'` (the app's and @swx/contract's) to this
// module (see vite.config.ts). The server's CSP is `script-src 'self'`, and zod 4 decides at the
// moment an object schema is *created* whether to compile it with `new Function`, which the
// browser reports as a CSP violation. ES modules run a dependency before its importers, so no
// schema anywhere can be created before this line, however the bundler splits chunks.
import * as zod from 'zod/v4';

zod.config({ jitless: true });

export * from 'zod/v4';
// Called `z` only at the export: the build treats `z.*(...)` as pure (vite.config.ts), and this
// one call must stay.
export { zod as z };
export default zod;
