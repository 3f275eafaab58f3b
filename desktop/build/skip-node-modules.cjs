// electron-builder `beforeBuild` hook. Returning false tells electron-builder that node_modules
// are handled elsewhere, so it neither rebuilds nor copies them into the package: electron-vite
// has already bundled everything main, preload and renderer run into desktop/out/.
module.exports = async function beforeBuild() {
  return false;
};
