const preset = require('../../jest.preset.cjs');

// The tool is plain CommonJS (it must run before anything is built), so tests load its .cjs files.
module.exports = {
  ...preset,
  displayName: 'start',
  rootDir: __dirname,
  moduleFileExtensions: [...preset.moduleFileExtensions, 'cjs'],
};
