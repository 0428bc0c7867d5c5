import { describe, expect, it } from 'vitest';
import packageJson from '../../package.json' with { type: 'json' };
import { CONTRACT_VERSION } from './constants';

describe('CONTRACT_VERSION', () => {
  it("is shared-api's package version, so the API document names the contract it was built from", () => {
    expect(CONTRACT_VERSION).toBe(packageJson.version);
  });
});
