import { describeMachine, gitState, machineInfo } from './machine.cjs';

const fakeOs = {
  cpus: () => [{ model: ' AMD EPYC 7B13 ' }, { model: 'AMD EPYC 7B13' }],
  totalmem: () => 24 * 1024 ** 3,
  loadavg: () => [1.634, 2.04, 2.0912],
  platform: () => 'linux',
  release: () => '6.1.0',
};

describe('machineInfo', () => {
  it('records the CPU, cores, memory, load average and platform', () => {
    expect(machineInfo(fakeOs)).toEqual({
      cpuModel: 'AMD EPYC 7B13',
      cores: 2,
      memoryBytes: 24 * 1024 ** 3,
      loadAverage: [1.63, 2.04, 2.09],
      platform: 'linux 6.1.0',
    });
    expect(machineInfo({ ...fakeOs, availableParallelism: () => 1 }).cores).toBe(1);
    expect(describeMachine(machineInfo(fakeOs))).toBe(
      'AMD EPYC 7B13, 2 cores, 24.0 GiB; load average 1.63 / 2.04 / 2.09',
    );
  });
});

describe('gitState', () => {
  it('reads the commit and whether the tree has changes', () => {
    const answers: Record<string, string> = {
      'rev-parse HEAD': 'abc123\n',
      'status --porcelain': ' M bench/run.mjs\n',
    };
    const git = (args: string[]) => ({ status: 0, stdout: answers[args.join(' ')] ?? '' });
    expect(gitState(git)).toEqual({ commit: 'abc123', dirty: true });
    expect(gitState((args) => ({ status: 0, stdout: args[0] === 'rev-parse' ? 'abc123' : '' }))).toEqual({
      commit: 'abc123',
      dirty: false,
    });
    expect(gitState(() => ({ status: 128, stdout: '' }))).toEqual({ commit: null, dirty: null });
  });
});
