// autocannon's per-request timer (retimer) reschedules itself with a negative delay when the event loop runs
// late, as on a loaded CI runner: Node clamps the delay to 1 ms and prints a TimeoutNegativeWarning on stderr,
// which a user would read as this tool's error. Only that warning is dropped; every other one still prints.

let installed = false;

export function dropTimeoutNegativeWarnings(): void {
  if (installed) return;
  installed = true;
  const printers = process.listeners('warning');
  process.removeAllListeners('warning');
  process.on('warning', (warning) => {
    if (warning.name === 'TimeoutNegativeWarning') return;
    for (const print of printers) print(warning);
  });
}
