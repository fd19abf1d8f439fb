import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// findBy*/waitFor wait for what a user would see, not for a deadline: a slow 2-core CI runner
// can take seconds to render; 10 s only bounds a test that would fail anyway.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => cleanup());
