import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from './bench-support';
import { SERVER_NODE_FLAGS } from './server-flags.js';

describe("the server's Node flags", () => {
  it('are the ones `npm start` runs the server with', () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    const start = pkg.scripts.start ?? '';
    expect(start).toContain(`node ${SERVER_NODE_FLAGS.join(' ')} apps/server/dist/main.js`);
  });
});
