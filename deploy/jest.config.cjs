const preset = require('../jest.preset.cjs');

// Deployment scripts are plain JavaScript (they run inside the image as shipped), so tests load .cjs.
module.exports = {
  ...preset,
  displayName: 'deploy',
  rootDir: __dirname,
  moduleFileExtensions: [...preset.moduleFileExtensions, 'cjs'],
};
