const preset = require('../../jest.preset.cjs');

// Unit tests of the test run's own tooling (the summary's rules); fixtures/ holds result files.
module.exports = {
  ...preset,
  displayName: 'jest-tools',
  rootDir: __dirname,
  moduleFileExtensions: [...preset.moduleFileExtensions, 'cjs'],
};
