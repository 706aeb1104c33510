module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'kafka-test-broker',
  rootDir: __dirname,
};
