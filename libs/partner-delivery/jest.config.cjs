module.exports = { ...require('../../jest.preset.cjs'), displayName: 'partner-delivery', rootDir: __dirname };
