module.exports = { ...require('../../jest.preset.cjs'), displayName: 'pl-calendar', rootDir: __dirname };
