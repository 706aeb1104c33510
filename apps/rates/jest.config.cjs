module.exports = { ...require('../../jest.preset.cjs'), displayName: 'rates', rootDir: __dirname };
