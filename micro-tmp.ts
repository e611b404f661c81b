import { createApiAnswerer } from './src/adapters/api-handler.ts';
import { loadConfig } from './src/config/config.ts';
const answer = createApiAnswerer(loadConfig({}));
const N = 300000;
for (let r = 0; r < 4; r++) {
  let t = performance.now();
  for (let i = 0; i < N; i++) { const { pathname } = new URL('/api/public/v1/products/1/stats', 'http://localhost'); answer({ method: 'GET', pathname, ifNoneMatch: null }); }
  console.log('full', ((performance.now() - t) * 1000 / N).toFixed(2), 'us');
  t = performance.now();
  for (let i = 0; i < N; i++) { new URL('/api/public/v1/products/1/stats', 'http://localhost'); }
  console.log('url', ((performance.now() - t) * 1000 / N).toFixed(2), 'us');
}
