import { pidInPostmasterFile, pidsInSsOutput } from './processes.cjs';

describe('pidsInSsOutput', () => {
  it('reads the pids of the listeners, once each', () => {
    const output =
      'LISTEN 0 511 127.0.0.1:50051 0.0.0.0:* users:(("node",pid=22064,fd=23))\n' +
      'LISTEN 0 511 [::1]:50051 [::]:* users:(("node",pid=22064,fd=24),("node",pid=22070,fd=3))\n';
    expect(pidsInSsOutput(output)).toEqual([22064, 22070]);
  });

  it('finds none in empty output', () => {
    expect(pidsInSsOutput('')).toEqual([]);
  });
});

describe('pidInPostmasterFile', () => {
  it('reads the first line', () => {
    expect(pidInPostmasterFile('4242\n/tmp/data/postgres\n1700000000\n54339\n')).toBe(4242);
  });

  it('refuses a file that does not start with a pid', () => {
    expect(() => pidInPostmasterFile('\n')).toThrow(/does not start with a pid/);
  });
});
