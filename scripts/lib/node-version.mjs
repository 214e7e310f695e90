// The Node.js check `npm start` and `npm test` make before anything is installed, so it uses no
// package: package.json "engines" is ">=MAJOR.MINOR.PATCH", which is all it reads.

/**
 * A plain message when `version` (e.g. process.versions.node) is older than `engines`
 * (">=20.19.0"), else undefined.
 * @param {string} version
 * @param {string} engines
 * @returns {string | undefined}
 */
export function checkNodeVersion(version, engines) {
  const need = /^>=\s*(\d+)\.(\d+)\.(\d+)$/.exec(engines.trim());
  const have = /^v?(\d+)\.(\d+)\.(\d+)/.exec(version);
  if (!need || !have) return undefined;
  const wanted = need.slice(1).map(Number);
  const running = have.slice(1).map(Number);
  for (let i = 0; i < 3; i++) {
    if (running[i] > wanted[i]) return undefined;
    if (running[i] < wanted[i]) {
      return (
        `Blockyard needs Node.js ${wanted[0]}.${wanted[1]} or newer; this is Node.js ${version.replace(/^v/, '')}.\n` +
        `Install a newer Node.js (for example from https://nodejs.org or your system's packages), then run this again.`
      );
    }
  }
  return undefined;
}
