import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Testing Library unmounts after each test only when test globals are on; this suite imports them.
afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
