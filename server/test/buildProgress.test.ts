import { spaBuildProgress } from '../../scripts/buildProgress';

describe("npm start's SPA build progress", () => {
  it('prints a line at each tenth of the way with the step and the time so far, never twice', () => {
    const lines: string[] = [];
    let clock = 1_000;
    const report = spaBuildProgress(
      (line) => lines.push(line),
      () => clock,
    );
    report(0, 'compiling');
    report(0.02, 'building');
    clock += 12_000;
    report(0.13, 'building');
    report(0.19, 'building');
    clock += 30_000;
    report(0.71, 'sealing');
    report(0.7, 'sealing');
    clock += 5_400;
    report(1, '');
    expect(lines).toEqual([
      '  SPA build 0% (compiling), 0 s\n',
      '  SPA build 10% (building), 12 s\n',
      '  SPA build 70% (sealing), 42 s\n',
      '  SPA build 100%, 47 s\n',
    ]);
  });
});
