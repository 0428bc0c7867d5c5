import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { setRuntimeConfig } from 'shared-api';
import { afterEach } from 'vitest';

// A read no test mocked (the signed-in layout asks for the unread count and the commission
// figures) fails at once here, instead of reaching whatever API listens on the default port.
setRuntimeConfig({ apiBaseUrl: 'http://127.0.0.1:9' });

afterEach(() => cleanup());
