module.exports = { ...require('../../jest.preset.cjs'), displayName: 'offers', rootDir: __dirname };
