module.exports = { ...require('../../jest.preset.cjs'), displayName: 'cache', rootDir: __dirname };
