/* global require, module */
/**
 * Jest's own module loader cannot require an ES module on Node 20 (the API tests run as CommonJS
 * through ts-jest). The few ESM-only packages the server imports (openid-client and its jose and
 * oauth4webapi) are compiled to CommonJS here with esbuild, already a dependency; the running
 * server (tsx, Node) loads them as they are.
 */
const { transformSync } = require('esbuild');

module.exports = {
  process(source, filename) {
    const { code, map } = transformSync(source, {
      format: 'cjs',
      target: 'node20',
      loader: 'js',
      sourcefile: filename,
      sourcemap: 'inline',
    });
    return { code, map };
  },
};
