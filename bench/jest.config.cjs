const preset = require('../jest.preset.cjs');

// Unit tests of the harness's argument parsing and reporting; the benchmark itself never runs here.
module.exports = {
  ...preset,
  displayName: 'bench',
  rootDir: __dirname,
  moduleFileExtensions: [...preset.moduleFileExtensions, 'cjs'],
};
