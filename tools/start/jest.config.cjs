const preset = require('../../jest.preset.cjs');

// The tool is plain CommonJS (it must run before anything is built), so tests load its .cjs files.
module.exports = {
  ...preset,
  displayName: 'start',
  rootDir: __dirname,
  moduleFileExtensions: [...preset.moduleFileExtensions, 'cjs'],
  // One test file at a time: the healing test runs the real stack on the services' fixed ports
  // (service-ports.json), which other files' start.mjs runs would find taken and name instead of
  // the port their test occupies.
  maxWorkers: 1,
};
