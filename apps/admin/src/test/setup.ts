import { configure } from '@testing-library/react';

// findBy… and waitFor wait up to 5 s instead of Testing Library's 1 s: on CI's two cores, with two
// test workers busy, a page can take over a second to render after a reply. (The admin test that
// prompted this turned out to be a race in the page, fixed on its own; the margin stays.) A test
// that never gets there still fails, 4 s later.
configure({ asyncUtilTimeout: 5_000 });
