import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy… and waitFor wait up to 5 s instead of Testing Library's 1 s: on CI's two cores, with two
// test workers busy, a page can take over a second to render after a reply. A test that never gets
// there still fails, 4 s later.
configure({ asyncUtilTimeout: 5_000 });

// Testing Library unmounts after each test only when test globals are on; this suite imports them.
afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
