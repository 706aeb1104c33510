module.exports = { ...require('../../jest.preset.cjs'), displayName: 'offers-domain', rootDir: __dirname };
