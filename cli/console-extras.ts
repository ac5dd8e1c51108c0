// What a command may do on a terminal besides printing lines. A module of its own: main.ts imports every
// command, so a command importing this type from main.ts would close a circle for one interface.

/** A live status line, redrawn in place below the printed lines (cli/terminal.ts); absent when not a terminal. */
export interface ConsoleExtras {
  status?: (text: string) => void;
}
