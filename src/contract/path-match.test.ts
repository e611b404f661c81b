import { describe, expect, it } from 'vitest';
import { exactly, pathTemplates, startingWith, under, withTrailingSlash } from './path-match.ts';

describe('path matchers', () => {
  it('match the paths they name, and name them to Netlify alike', () => {
    const api = under('/x');
    expect(['/x', '/x/', '/x/a/b'].map(api.match)).toEqual([true, true, true]);
    expect(['/xy', '/', '/y/x'].map(api.match)).toEqual([false, false, false]);
    expect(api.netlify).toEqual(['/x', '/x/*']);
    const mcp = withTrailingSlash('/m');
    expect(['/m', '/m/', '/m/a', '/mm'].map(mcp.match)).toEqual([true, true, false, false]);
    expect(mcp.netlify).toEqual(['/m', '/m/']);
    const two = exactly('/a', '/b');
    expect(['/a', '/b', '/c'].map(two.match)).toEqual([true, true, false]);
    expect(exactly('/a').netlify).toEqual(['/a']);
    const pages = startingWith('/p/');
    expect(['/p/1', '/p/', '/p'].map(pages.match)).toEqual([true, true, false]);
    expect(pages.netlify).toEqual(['/p/*']);
  });

  it('capture each template’s segments in their own groups, empty ones included', () => {
    const stats = pathTemplates(['/v.1/p/{id}/s', '/v.1/m/{id}/s']);
    expect(stats.exec('/v.1/p/12/s')?.slice(1)).toEqual(['12', undefined]);
    expect(stats.exec('/v.1/m//s')?.slice(1)).toEqual([undefined, '']);
    expect(stats.exec('/vx1/p/12/s')).toBeNull();
    expect(stats.exec('/v.1/p/1/2/s')).toBeNull();
    expect(stats.exec('/v.1/p/12/s/')).toBeNull();
  });
});
