import { describe, expect, it } from 'vitest';
import { areaFilesOf, MAX_AREA_FILES } from './area-files';

const MANIFEST_URL = 'http://localhost:3003/mf-manifest.json';

const manifestOf = (js: string[], css: string[] = []) => ({
  exposes: [{ assets: { js: { sync: js.slice(0, 1), async: js.slice(1) }, css: { sync: [], async: css } } }],
});

describe("an area's files from its manifest", () => {
  it('lists the scripts and styles of every exposed page beside the manifest', () => {
    const files = areaFilesOf(
      manifestOf(['assets/app-CAmQMGsS.js', 'assets/orders-page-DM3xI5Bh.js'], ['assets/orders-DzHMS19R.css']),
      MANIFEST_URL,
    );
    expect(files).toEqual([
      'http://localhost:3003/assets/app-CAmQMGsS.js',
      'http://localhost:3003/assets/orders-page-DM3xI5Bh.js',
      'http://localhost:3003/assets/orders-DzHMS19R.css',
    ]);
  });

  it("resolves a release's files in its own folder", () => {
    expect(
      areaFilesOf(
        manifestOf(['assets/app-CAmQMGsS.js']),
        'http://localhost:3000/releases/remote-agent/1.0.0/mf-manifest.json',
      ),
    ).toEqual(['http://localhost:3000/releases/remote-agent/1.0.0/assets/app-CAmQMGsS.js']);
  });

  it('fetches nothing outside the area, unhashed, or from a manifest that is not one', () => {
    expect(
      areaFilesOf(
        manifestOf(['https://evil.example/assets/x-CAmQMGsS.js', '../other/assets/y-CAmQMGsS.js', 'assets/app.js']),
        'http://localhost:3000/releases/remote-agent/1.0.0/mf-manifest.json',
      ),
    ).toEqual([]);
    expect(areaFilesOf(null, MANIFEST_URL)).toEqual([]);
    expect(areaFilesOf({ exposes: 'no' }, MANIFEST_URL)).toEqual([]);
    const tooMany = Array.from({ length: MAX_AREA_FILES + 1 }, (_, i) => `assets/page${i}-CAmQMGsS.js`);
    expect(areaFilesOf(manifestOf(tooMany), MANIFEST_URL)).toEqual([]);
  });
});
