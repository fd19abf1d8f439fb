import { afterEach } from 'vitest';
import { closeRenderedPanes } from './rendered-stores';

// Files share a worker's window (vitest.config.ts): what a whole-app render leaves listening on it goes with its test.
// Only a type of the app is imported here, so a file's vi.mock still replaces the app's modules.
afterEach(() => closeRenderedPanes());
