/**
 * What the first `npm start` prints while webpack builds the SPA (one to three minutes on a small
 * machine, silent before): a line at every tenth of the way, with webpack's step and the time so
 * far. webpack.config.ts hands it to webpack's ProgressPlugin when `SPA_BUILD_PROGRESS` is set
 * (scripts/start.ts sets it); `npm run build` stays quiet.
 */
export const SPA_BUILD_PROGRESS = 'SPA_BUILD_PROGRESS';

export type ProgressHandler = (percentage: number, message: string) => void;

export function spaBuildProgress(
  write: (line: string) => void,
  now: () => number = Date.now,
): ProgressHandler {
  const started = now();
  let shown = -1;
  return (percentage, message) => {
    const tenth = Math.floor(Math.min(Math.max(percentage, 0), 1) * 10);
    if (tenth <= shown) return;
    shown = tenth;
    const seconds = Math.round((now() - started) / 1000);
    const step = message ? ` (${message})` : '';
    write(`  SPA build ${tenth * 10}%${step}, ${seconds} s\n`);
  };
}
